import { Button, Empty, Tooltip } from 'antd';
import { FileWordOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { COMING_SOON } from '../../../components/ComingSoon.tsx';

/** `/home/bidingParse/analysisPage?id=`: one interpretation report and its Word export. */
export default function AnalysisPage() {
  const navigate = useNavigate();
  return (
    <PageFrame
      title="解读报告"
      description="招标文件的结构化解读：资格要求、评分表、关键条款和时间节点。"
      extra={
        <Tooltip title={COMING_SOON}>
          <span className="bs-disabled-action">
            <Button type="primary" icon={<FileWordOutlined />} disabled>
              导出 Word
            </Button>
          </span>
        </Tooltip>
      }
    >
      <Panel>
        <Empty className="bs-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有打开任何解读报告。请先上传一份招标文件。">
          <Button type="primary" onClick={() => navigate('/home/bidingParse')}>
            去上传招标文件
          </Button>
        </Empty>
      </Panel>
    </PageFrame>
  );
}

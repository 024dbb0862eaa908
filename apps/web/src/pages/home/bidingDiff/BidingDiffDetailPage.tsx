import { Button, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';

/** `/home/bidingDiff/detail?id=`: the result of one comparison, with the shared passages highlighted. */
export default function BidingDiffDetailPage() {
  const navigate = useNavigate();
  return (
    <PageFrame title="查重详情" description="并排查看两份文件中相同的段落与图片，逐处定位。">
      <Panel>
        <Empty className="bs-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有查重记录。请先在“标书查重”中发起一次比对。">
          <Button type="primary" onClick={() => navigate('/home/bidingDiff')}>
            去发起查重
          </Button>
        </Empty>
      </Panel>
    </PageFrame>
  );
}

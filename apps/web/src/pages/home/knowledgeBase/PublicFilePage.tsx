import { Button, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';

/** `/home/knowledgeBase/publicFile?id=`: one file of the public knowledge base. */
export default function PublicFilePage() {
  const navigate = useNavigate();
  return (
    <PageFrame title="公共知识文件" description="查看公共知识库中的一份资料，可在写作时引用。">
      <Panel>
        <Empty className="bs-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="请从公共知识库中选择一份资料查看。">
          <Button type="primary" onClick={() => navigate('/home/knowledgeBase/public')}>
            浏览公共知识库
          </Button>
        </Empty>
      </Panel>
    </PageFrame>
  );
}

import { Button, Empty } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { DocumentPassages } from '../../../features/knowledge/DocumentView.tsx';

/** `/home/knowledgeBase/publicFile?id=`: one file of the knowledge base with its passages. */
export default function PublicFilePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <PageFrame title="知识文件" description="一份资料按标题切分后的段落，AI 写作时按段落检索和引用。">
      <Panel>
        {id ? (
          <DocumentPassages id={id} />
        ) : (
          <Empty
            className="bs-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="请从公共知识库中选择一份资料查看。"
          >
            <Button type="primary" onClick={() => navigate('/home/knowledgeBase/public')}>
              浏览公共知识库
            </Button>
          </Empty>
        )}
      </Panel>
    </PageFrame>
  );
}

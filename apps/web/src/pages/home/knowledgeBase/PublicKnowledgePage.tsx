import { PageFrame } from '../../../components/PageFrame.tsx';
import { DocumentLibrary } from '../../../features/knowledge/DocumentLibrary.tsx';

/** `/home/knowledgeBase/public`: material operators curate for everyone. */
export default function PublicKnowledgePage() {
  return (
    <PageFrame
      title="公共知识库"
      description="平台运营人员整理的公共资料，所有用户可检索，AI 写作时也会检索。"
    >
      <DocumentLibrary library="public" />
    </PageFrame>
  );
}

import { PageFrame } from '../../../components/PageFrame.tsx';
import { DocumentLibrary } from '../../../features/knowledge/DocumentLibrary.tsx';

/** `/home/knowledgeBase/private`: the user's (or company's) own documents. */
export default function PrivateKnowledgePage() {
  return (
    <PageFrame
      title="我的知识库"
      description="只有您（企业账号为本企业成员）可以查看的资料。AI 写作时检索这里的段落，并在章节上注明引用来源。"
    >
      <DocumentLibrary library="private" />
    </PageFrame>
  );
}

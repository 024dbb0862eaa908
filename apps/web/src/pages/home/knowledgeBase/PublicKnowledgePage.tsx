import { Empty } from 'antd';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';

/** `/home/knowledgeBase/public`: material curated by the operators, readable by everyone. */
export default function PublicKnowledgePage() {
  return (
    <PageFrame title="公共知识库" description="平台整理的法规、标准规范与通用方案素材。">
      <Panel>
        <Empty className="bs-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="公共资料正在整理中，发布后会按分类显示在这里。" />
      </Panel>
    </PageFrame>
  );
}

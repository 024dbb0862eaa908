import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { CreateBidForm } from '../../../features/bid/create/CreateBidForm.tsx';

/** `/home/crtBidBook`: create a bid (name, tender text, model tier, page count, template); costs one quota unit. */
export default function CreateBidPage() {
  return (
    <PageFrame
      title="新建标书"
      description="粘贴招标文件中的项目概况和评分要求，生成效果最好。新建一份标书消耗 1 份额度。"
    >
      <Panel>
        <CreateBidForm />
      </Panel>
    </PageFrame>
  );
}

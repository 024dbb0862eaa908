import { Button, Steps } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { CreateBidForm } from '../../../features/bid/create/CreateBidForm.tsx';
import { BidAnalysisReview } from '../../../features/review/BidAnalysisReview.tsx';

const STEPS = [{ title: '填写信息' }, { title: '核对解析结果' }, { title: '生成大纲，开始写作' }];

/**
 * `/home/crtBidBook`: create a bid (name, tender text, model tier, page count, template; costs one
 * quota unit), then `?review=<bidId>`: review the tender analysis before the outline is planned.
 */
export default function CreateBidPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const review = params.get('review');
  const write = (id: string) => navigate(`/home/book/BidingWrite?id=${encodeURIComponent(id)}`);
  if (review)
    return (
      <PageFrame
        className="bs-page--wide"
        title="新建标书"
        description="标书已创建。核对招标文件的解析结果，确认后按确认的评分项生成大纲。"
      >
        <Steps current={1} items={STEPS} className="bs-create__steps" />
        <Panel>
          <BidAnalysisReview
            bidId={review}
            onOutline={() => write(review)}
            extra={
              <Button onClick={() => write(review)} data-testid="review-skip">
                跳过，直接进入写作
              </Button>
            }
          />
        </Panel>
      </PageFrame>
    );
  return (
    <PageFrame
      title="新建标书"
      description="粘贴招标文件中的项目概况和评分要求，生成效果最好。新建一份标书消耗 1 份额度。"
    >
      <Steps current={0} items={STEPS} className="bs-create__steps" />
      <Panel>
        <CreateBidForm />
      </Panel>
    </PageFrame>
  );
}

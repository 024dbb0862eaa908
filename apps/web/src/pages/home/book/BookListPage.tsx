import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { BidTable } from '../../../features/bid/list/BidTable.tsx';

/** `/home/book`: the user's bids in progress, with progress, times, 写作 and 删除. */
export default function BookListPage() {
  const navigate = useNavigate();
  return (
    <PageFrame
      title="我的标书"
      description="正在写作的标书：查看进度，继续写作。已完成和已删除的标书在“历史标书”中。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/home/crtBidBook')}>
          新建标书
        </Button>
      }
    >
      <Panel>
        <BidTable mode="writing" />
      </Panel>
    </PageFrame>
  );
}

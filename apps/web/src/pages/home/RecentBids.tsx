import { Button, Empty, Progress, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '@bid/shared';
import { useBidList } from '../../features/bid/api.ts';

/** 工作台's 最近的标书: the five bids edited last, with their progress (the list's own figure). */
export function RecentBids() {
  const navigate = useNavigate();
  const list = useBidList({ current: 1, size: 5 });
  if (list.isLoading) return <Spin />;
  const rows = list.data?.records ?? [];
  if (!rows.length)
    return (
      <Empty
        className="bs-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="最近编辑的标书会显示在这里。还没有标书？从新建标书开始。"
      >
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/home/crtBidBook')}>
          新建标书
        </Button>
      </Empty>
    );
  return (
    <ul className="bs-list-plain bs-recent-bids" data-testid="recent-bids">
      {rows.map((b) => (
        <li key={b.id} data-testid="recent-bid">
          <Link
            to={`/home/book/BidingWrite?id=${encodeURIComponent(b.id)}`}
            className="bs-recent-bids__name"
            title={b.name}
          >
            {b.name}
          </Link>
          <Progress percent={b.progress} size="small" style={{ width: 120, margin: 0 }} />
          <span className="bs-recent-bids__time">{formatTime(b.updateTime)}</span>
        </li>
      ))}
    </ul>
  );
}

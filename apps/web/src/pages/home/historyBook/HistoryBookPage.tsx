import { Tabs } from 'antd';
import { CheckCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { BidTable } from '../../../features/bid/list/BidTable.tsx';

/** `/home/historyBook`: finished bids (read-only) and the recycle bin (restorable). */
export default function HistoryBookPage() {
  return (
    <PageFrame title="历史标书" description="已完成的标书只能查看；删除的标书进入回收站，可以随时恢复。">
      <Panel>
        <Tabs
          destroyOnHidden
          items={[
            {
              key: 'finished',
              label: (
                <span>
                  <CheckCircleOutlined /> 已完成
                </span>
              ),
              children: <BidTable mode="finished" />,
            },
            {
              key: 'recycle',
              label: (
                <span>
                  <DeleteOutlined /> 回收站
                </span>
              ),
              children: <BidTable mode="recycle" />,
            },
          ]}
        />
      </Panel>
    </PageFrame>
  );
}

import { Alert, Descriptions } from 'antd';
import type { TransferInfo } from '@bid/shared';
import { contactLine, useClientConfig } from '../../components/useClientConfig.ts';

/** Where to send a bank transfer; without a configured account, how to reach customer service. */
export function TransferInstructions({ transfer, amount }: { transfer: TransferInfo; amount: string }) {
  const contact = contactLine(useClientConfig().customerService);
  if (!transfer.configured) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="transfer-instructions"
        title="请联系客服获取收款账户"
        description={`订单已创建，金额 ¥${amount}。请联系客服${contact ? `（${contact}）` : '（页面左下角“联系客服”）'}获取转账账户，并提供订单号：${transfer.remark.replace(/^订单/, '')}。到账确认后额度自动增加。`}
      />
    );
  }
  return (
    <div data-testid="transfer-instructions">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="转账金额">¥{amount}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{transfer.bankName}</Descriptions.Item>
        <Descriptions.Item label="户名">{transfer.accountName}</Descriptions.Item>
        <Descriptions.Item label="账号">{transfer.accountNo}</Descriptions.Item>
        <Descriptions.Item label="转账备注">{transfer.remark}</Descriptions.Item>
      </Descriptions>
      <Alert
        style={{ marginTop: 12 }}
        type="info"
        showIcon
        title="转账时请填写上面的备注。我们确认到账后，额度自动增加，订单变为“已付款”。"
      />
    </div>
  );
}

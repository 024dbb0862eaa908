import { useEffect, useRef } from 'react';
import { Alert, QRCode, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { commerceApi, commerceKeys } from './api.ts';

const POLL_MS = 2000;

/** The QR code of a WeChat Pay order and its live status (polled until paid). */
export function WechatPayPanel({
  orderId,
  codeUrl,
  amount,
  onPaid,
}: {
  orderId: string;
  codeUrl: string;
  amount: string;
  onPaid: () => void;
}) {
  const order = useQuery({
    queryKey: [...commerceKeys.all, 'order', orderId],
    queryFn: () => commerceApi.order(orderId, { silent: true }),
    refetchInterval: (q) => (q.state.data?.status === 'created' || !q.state.data ? POLL_MS : false),
  });
  const paid = order.data?.status === 'paid';
  // Once: the caller refreshes its lists and the session (quota) when the order turns paid.
  const reported = useRef(false);
  useEffect(() => {
    if (paid && !reported.current) {
      reported.current = true;
      onPaid();
    }
  }, [paid, onPaid]);
  if (paid) return <Alert type="success" showIcon data-testid="wechat-paid" title="支付成功，额度已到账" />;
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="wechat-pay">
      <QRCode
        value={codeUrl}
        size={200}
        status={order.data && order.data.status !== 'created' ? 'expired' : 'active'}
      />
      <div>
        请用微信扫码支付 <strong>¥{amount}</strong>
      </div>
      <div style={{ color: '#64748b' }}>支付完成后本页自动更新，无需刷新</div>
    </Space>
  );
}

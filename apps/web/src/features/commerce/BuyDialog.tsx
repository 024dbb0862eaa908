import { useState } from 'react';
import { Alert, Button, Input, Modal, Radio, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CreateOrderResult, EnjoyDiscountsResult, PackageItem, PayMethod } from '@bid/shared';
import { useSession } from '../../stores/session.ts';
import { useBusyAction } from '../../utils/useBusyAction.ts';
import { commerceApi, commerceKeys } from './api.ts';
import { TransferInstructions } from './TransferInstructions.tsx';
import { WechatPayPanel } from './WechatPayPanel.tsx';

/** Choose how to pay (and a 优惠码), place the order, then show how to pay it. */
export function BuyDialog({
  pkg,
  onClose,
  onOrdered,
}: {
  pkg: PackageItem | null;
  onClose: () => void;
  onOrdered: () => void;
}) {
  const { busy, run } = useBusyAction();
  const [result, setResult] = useState<CreateOrderResult | null>(null);
  const [method, setMethod] = useState<PayMethod>('transfer');
  const [code, setCode] = useState('');
  const [priced, setPriced] = useState<(EnjoyDiscountsResult & { code: string }) | null>(null);
  const methods = useQuery({
    queryKey: [...commerceKeys.all, 'payMethods'],
    queryFn: () => commerceApi.payMethods({ silent: true }),
  });
  const wechat = methods.data?.methods.includes('wechat') ?? false;
  const close = () => {
    setResult(null);
    setCode('');
    setPriced(null);
    onClose();
  };
  const applyCoupon = () =>
    run('coupon', async () => {
      if (!pkg || !code.trim()) return;
      setPriced({
        ...(await commerceApi.enjoyDiscounts({ packageId: pkg.id, couponCode: code.trim() })),
        code: code.trim(),
      });
    });
  const order = () =>
    run('order', async () => {
      if (!pkg) return;
      setResult(
        await commerceApi.createOrder({
          packageId: pkg.id,
          payMethod: wechat ? method : 'transfer',
          ...(priced ? { couponCode: priced.code } : {}),
        }),
      );
      onOrdered();
    });
  return (
    <Modal
      open={pkg !== null}
      title={result ? '订单已创建' : `购买：${pkg?.name ?? ''}`}
      onCancel={close}
      footer={
        result ? (
          <Button type="primary" onClick={close}>
            我知道了
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Button type="primary" loading={busy === 'order'} onClick={() => void order()}>
              确认下单
            </Button>
          </Space>
        )
      }
      destroyOnHidden
    >
      {result?.codeUrl ? (
        <WechatPayPanel
          orderId={result.orderId}
          codeUrl={result.codeUrl}
          amount={result.amount}
          onPaid={() => {
            onOrdered();
            void useSession.getState().loadUserInfo();
          }}
        />
      ) : result?.transfer ? (
        <TransferInstructions transfer={result.transfer} amount={result.amount} />
      ) : pkg ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div data-testid="buy-amount">
            {priced ? (
              <>
                原价 <s>¥{priced.price}</s>，优惠 ¥{priced.discount}，应付：<strong>¥{priced.amount}</strong>
              </>
            ) : (
              <>
                金额：<strong>¥{pkg.price}</strong>
              </>
            )}
          </div>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="优惠码"
              placeholder="优惠码（选填）"
              value={code}
              maxLength={40}
              onChange={(e) => {
                setCode(e.target.value);
                // A changed code is not the one that was priced.
                setPriced(null);
              }}
              onPressEnter={() => void applyCoupon()}
            />
            <Button loading={busy === 'coupon'} disabled={!code.trim()} onClick={() => void applyCoupon()}>
              使用优惠码
            </Button>
          </Space.Compact>
          <div>
            支付方式：
            <Radio.Group
              value={wechat ? method : 'transfer'}
              onChange={(e) => setMethod(e.target.value as PayMethod)}
            >
              {wechat ? <Radio value="wechat">微信支付</Radio> : null}
              <Radio value="transfer">银行转账</Radio>
            </Radio.Group>
          </div>
          <Alert
            type="info"
            showIcon
            title={
              wechat && method === 'wechat'
                ? '下单后用微信扫码支付，支付成功后额度立即到账。'
                : '下单后按页面提示转账；确认到账后额度自动增加。'
            }
          />
        </Space>
      ) : null}
    </Modal>
  );
}

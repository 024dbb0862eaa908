import { useState } from 'react';
import { Popover } from 'antd';
import {
  ClockCircleOutlined,
  CustomerServiceOutlined,
  PhoneOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useClientConfig } from './useClientConfig.ts';

/** Customer service at the lower left of every page (SPEC section 1): the phone, WeChat and hours configured on the server. */
export function CustomerService() {
  const { customerService: cs } = useClientConfig();
  const [open, setOpen] = useState(false);
  const content = (
    <div className="bs-cs__panel" data-testid="customer-service-panel">
      <h4>联系客服</h4>
      <p>使用中遇到任何问题，欢迎随时联系我们。</p>
      {cs.phone ? (
        <div className="bs-cs__row">
          <PhoneOutlined />
          <div>
            <div className="bs-cs__label">客服电话</div>
            <div className="bs-cs__value">
              <a href={`tel:${cs.phone.replace(/[^\d+]/g, '')}`}>{cs.phone}</a>
            </div>
          </div>
        </div>
      ) : null}
      {cs.wechat ? (
        <div className="bs-cs__row">
          <WechatOutlined />
          <div>
            <div className="bs-cs__label">客服微信</div>
            <div className="bs-cs__value">{cs.wechat}</div>
          </div>
        </div>
      ) : null}
      {cs.hours && (cs.phone || cs.wechat) ? (
        <div className="bs-cs__row">
          <ClockCircleOutlined />
          <div>
            <div className="bs-cs__label">服务时间</div>
            <div className="bs-cs__value">{cs.hours}</div>
          </div>
        </div>
      ) : null}
      {cs.phone || cs.wechat ? null : (
        <p data-testid="customer-service-unset">客服电话和微信尚未公布，请稍后再来查看。</p>
      )}
    </div>
  );
  return (
    <div className="bs-cs">
      <Popover content={content} placement="topLeft" trigger="click" open={open} onOpenChange={setOpen}>
        <button
          type="button"
          className="bs-cs__button"
          aria-label="联系客服"
          aria-expanded={open}
          data-testid="customer-service"
        >
          <CustomerServiceOutlined />
        </button>
      </Popover>
    </div>
  );
}

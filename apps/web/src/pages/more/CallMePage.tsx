import { ClockCircleOutlined, MailOutlined, PhoneOutlined, WechatOutlined } from '@ant-design/icons';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { useClientConfig } from '../../components/useClientConfig.ts';

/** `/more/call-me.html`: how to reach the operator (contact data from the client configuration). */
export default function CallMePage() {
  const config = useClientConfig();
  const cs = config.customerService;
  const rows = [
    { icon: <PhoneOutlined />, label: '客服电话', value: cs.phone, note: '购买、开票、使用问题均可致电' },
    { icon: <WechatOutlined />, label: '客服微信', value: cs.wechat, note: '添加时请备注“标书 AI”' },
    {
      icon: <ClockCircleOutlined />,
      label: '服务时间',
      value: cs.hours,
      note: '非服务时间的留言会在下一个工作日回复',
    },
    {
      icon: <MailOutlined />,
      label: '商务合作',
      value: config.companyName,
      note: '企业采购、渠道合作请通过电话或微信联系',
    },
  ].filter((r) => r.value);
  return (
    <>
      <PublicBanner
        title="联系我们"
        subtitle="使用中遇到任何问题，或希望为团队开通企业账号，都欢迎与我们联系。"
        crumbs={[{ label: '联系我们' }]}
      />
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {rows.map((r) => (
            <div className="bs-tile" key={r.label}>
              <div className="bs-feature__icon">{r.icon}</div>
              <h3 style={{ marginTop: 14 }}>{r.label}</h3>
              <p style={{ fontSize: 18, color: '#0f172a', fontWeight: 600 }}>{r.value}</p>
              <p>{r.note}</p>
            </div>
          ))}
        </div>
        {cs.phone || cs.wechat ? null : <p style={{ marginTop: 32 }}>客服电话和微信尚未公布。</p>}
        <p style={{ marginTop: 32, color: '#64748b' }}>登录后也可以在任意页面左下角打开客服入口。</p>
      </div>
    </>
  );
}

import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BuildOutlined,
  CloudServerOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { contactLine, useClientConfig } from '../../components/useClientConfig.ts';

const KINDS = [
  {
    icon: <AuditOutlined />,
    title: '招标代理机构',
    text: '为投标人提供规范的投标文件模板与写作工具，提升服务效率。',
  },
  { icon: <ApartmentOutlined />, title: '工程咨询公司', text: '把咨询经验沉淀为知识库，在每份标书中复用。' },
  {
    icon: <CloudServerOutlined />,
    title: '系统集成商',
    text: '信息化项目技术方案篇幅大、评分细，AI 大纲与全文写作大幅节省时间。',
  },
  {
    icon: <BuildOutlined />,
    title: '建筑与设计单位',
    text: '施工组织设计、进度计划与质量安全措施，图表随章节导出。',
  },
  {
    icon: <ToolOutlined />,
    title: '运维与物业服务企业',
    text: '服务方案、人员配置与应急预案，一次整理，多次投标。',
  },
  {
    icon: <BankOutlined />,
    title: '行业协会与培训机构',
    text: '面向会员开展投标培训，提供统一的写作与检查工具。',
  },
];

/** `/more/partner.html`: who we work with and how to become a partner. */
export default function PartnerPage() {
  const { customerService } = useClientConfig();
  return (
    <>
      <PublicBanner
        title="合作伙伴"
        subtitle="我们与投标生态中的各类机构合作，让更多投标人用上好工具。"
        crumbs={[{ label: '合作伙伴' }]}
      />
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {KINDS.map((k) => (
            <div className="bs-tile" key={k.title}>
              <div className="bs-feature__icon">{k.icon}</div>
              <h3 style={{ marginTop: 14 }}>{k.title}</h3>
              <p>{k.text}</p>
            </div>
          ))}
        </div>
        <div className="bs-article" style={{ marginTop: 32, maxWidth: 'none' }}>
          <h2 style={{ marginTop: 0 }}>成为合作伙伴</h2>
          <p>
            渠道合作、企业批量采购与定制部署，请联系客服
            {contactLine(customerService) ? `（${contactLine(customerService)}）` : ''}，注明“合作”。
          </p>
        </div>
      </div>
    </>
  );
}

import type { ComponentType, ReactNode } from 'react';
import {
  ApartmentOutlined,
  BankOutlined,
  BuildOutlined,
  CheckCircleOutlined,
  CheckOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  DiffOutlined,
  FileSearchOutlined,
  FileWordOutlined,
  HistoryOutlined,
  MedicineBoxOutlined,
  OrderedListOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { signupGift } from '../../components/clientConfig.ts';
import { HeroIllustration } from './HeroIllustration.tsx';
import { FEATURE_LIVE, FEATURE_SOON, isLive, type FeatureKey } from './featureStatus.ts';

const STEPS = [
  {
    icon: <FileSearchOutlined />,
    title: '解析招标文件',
    text: '上传 PDF、Word 招标文件，或粘贴项目概况与评分标准。自动识别项目信息、评分项与分值、★号条款和废标条款。',
  },
  {
    icon: <RobotOutlined />,
    title: 'AI 生成大纲与正文',
    text: '按招标文件要求的章节顺序生成大纲，每个评分点都有章节回应；逐章写作或一键全文写作，随时修改和回退。',
  },
  {
    icon: <FileWordOutlined />,
    title: '导出 Word',
    text: '选择排版模板，一键导出带封面、目录、标题编号、页眉页码的 Word 投标文件，图表随章节就位。',
  },
];

const FEATURES = [
  {
    icon: <OrderedListOutlined />,
    title: '大纲贴合招标文件',
    text: '沿用招标文件规定的章节顺序，评分项逐条映射到章节，并按目标页数分配字数。',
  },
  {
    icon: <ThunderboltOutlined />,
    title: '全文写作',
    text: '多个章节并行撰写，后台运行，关闭页面也不中断，实时显示每章进度。',
  },
  {
    icon: <HistoryOutlined />,
    title: '版本随时回退',
    text: '每次重新生成都把旧内容保留为历史版本，一键恢复。',
  },
  {
    icon: <ApartmentOutlined />,
    title: '图表一键生成',
    text: '为章节生成表格、思维导图、流程图和甘特图，网页与 Word 中效果一致。',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: '提交前检查',
    text: '评分项覆盖、★号与废标条款、暗标、未填写的【待填写】和页数，导出和完成前逐项核对。',
    feature: 'checks',
  },
  {
    icon: <ReadOutlined />,
    title: '招标文件解读',
    text: '生成结构化解读报告：资格要求、评分表、关键时间、保证金、需准备的材料。',
    feature: 'interpretation',
  },
  {
    icon: <DiffOutlined />,
    title: '标书查重',
    text: '对比多份投标文件的相同段落、相同图片与文档属性，投标前自查雷同风险。',
    feature: 'diff',
  },
  {
    icon: <DatabaseOutlined />,
    title: '企业知识库',
    text: '沉淀资质、业绩、人员与过往标书，AI 写作时引用并注明来源，不编造事实。',
    feature: 'knowledge',
  },
] satisfies Array<{ icon: ReactNode; title: string; text: string; feature?: FeatureKey }>;

/** The packages shown; the new-user one quotes the configured trial quota and goes when there is none. */
const packages = (trialBids: number | null) => [
  ...(trialBids === 0
    ? []
    : [
        {
          name: '新用户体验',
          for: '第一次使用，先写一份看看效果',
          points: [
            ...[signupGift(trialBids)].filter((x): x is string => x !== null),
            '完整体验解析、大纲、写作与导出',
            '无需绑定任何支付方式',
          ],
          cta: '免费体验',
          to: '/home',
          featured: false,
        },
      ]),
  {
    name: '个人套餐',
    for: '独立投标人、咨询顾问',
    points: FEATURE_LIVE.commerce
      ? ['按份购买，额度长期有效', '标准与高级两档写作模型', '银行转账付款，到账后额度自动增加']
      : ['标准与高级两档写作模型', `额度与发票请联系客服（在线购买${FEATURE_SOON}）`],
    cta: FEATURE_LIVE.commerce ? '查看套餐' : '免费开始',
    to: FEATURE_LIVE.commerce ? '/home/packages' : '/home',
    featured: true,
  },
  {
    name: '企业套餐',
    for: '投标团队、招投标代理公司',
    points: ['企业额度员工共享', '员工管理与企业标识', '企业私有知识库', '企业账号请联系客服开通'],
    cta: '了解企业版',
    to: '/home',
    featured: false,
  },
];

const PARTNER_KINDS = [
  { icon: <BuildOutlined />, name: '建筑工程' },
  { icon: <CloudServerOutlined />, name: '信息化集成' },
  { icon: <MedicineBoxOutlined />, name: '医疗卫生' },
  { icon: <BankOutlined />, name: '政务服务' },
  { icon: <ToolOutlined />, name: '运维与物业' },
  { icon: <ReadOutlined />, name: '教育科研' },
];

/** A large call to action: the whole app's is an antd button, the landing island's a plain one that looks the same. */
export type LandingStartProps = { primary?: boolean; block?: boolean; to?: string; children: ReactNode };

export interface LandingParts {
  Start: ComponentType<LandingStartProps>;
  /** 观看产品演示. */
  demo: ReactNode;
  /** The packages on sale (null before they arrive). */
  prices: ReactNode;
  /** Bid units a new account receives (client configuration); null while not known. */
  trialBids: number | null;
}

/**
 * The landing page's content, without antd and without the request layer: the whole app and the
 * light landing island (issue 18, first-load JavaScript) render it with their own buttons.
 */
export function LandingContent({ Start, demo, prices, trialBids }: LandingParts) {
  return (
    <>
      <section className="bs-hero">
        <div className="bs-container bs-hero__inner">
          <div>
            <span className="bs-hero__eyebrow">
              <i />
              AI 投标文件写作平台
            </span>
            <h1>
              <span className="bs-hero__brand">标书 AI</span>
              {/* Read and copied as one title; shown as two lines. */}
              <span className="bs-visually-hidden"> · </span>
              <em>智能投标文件写作</em>
            </h1>
            <p className="bs-hero__lead">
              把招标文件变成完整、规范的投标文件：AI
              读懂评分标准，生成贴合要求的大纲，逐章撰写正文，一键导出排版好的 Word。
            </p>
            <div className="bs-hero__cta">
              <Start primary>免费开始写标书</Start>
              {demo}
            </div>
            <div className="bs-hero__facts">
              {trialBids ? (
                <span data-testid="trial-quota">
                  <CheckCircleOutlined />
                  新用户赠送 {trialBids} 份额度
                </span>
              ) : null}
              <span>
                <CheckCircleOutlined />
                支持 PDF / Word / TXT
              </span>
              <span>
                <CheckCircleOutlined />
                每次修改都可回退
              </span>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="bs-section" id="how">
        <div className="bs-container">
          <div className="bs-section-title">
            <h2>三步完成一份投标文件</h2>
            <p>从拿到招标文件到导出 Word，全程在一个页面里完成。</p>
          </div>
          <div className="bs-steps">
            {STEPS.map((s) => (
              <div className="bs-step" key={s.title}>
                <span className="bs-step__no" aria-hidden="true" />
                <div className="bs-step__icon">{s.icon}</div>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="bs-section bs-section--alt" id="features">
        <div className="bs-container">
          <div className="bs-section-title">
            <h2>为投标人设计的每一个细节</h2>
            <p>不只是“写得多”，更要“写得对”：回应每一个评分点，守住每一条废标红线。</p>
          </div>
          <div className="bs-features">
            {FEATURES.map((f) => (
              <div className="bs-feature" key={f.title}>
                <div className="bs-feature__icon">{f.icon}</div>
                <h3>
                  {f.title}
                  {isLive(f.feature) ? null : <span className="bs-feature__soon">{FEATURE_SOON}</span>}
                </h3>
                <p>{f.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="bs-section" id="packages">
        <div className="bs-container">
          <div className="bs-section-title">
            <h2>按需选择套餐</h2>
            <p>新建一份标书消耗一份额度，修改、重写与导出不再另外计费。具体价格以购买页面为准。</p>
          </div>
          <div className="bs-packages">
            {packages(trialBids).map((p) => (
              <div className={`bs-package${p.featured ? ' bs-package--featured' : ''}`} key={p.name}>
                {p.featured ? <span className="bs-package__badge">最受欢迎</span> : null}
                <h3>{p.name}</h3>
                <p className="bs-package__for">{p.for}</p>
                <ul>
                  {p.points.map((pt) => (
                    <li key={pt}>
                      <CheckOutlined />
                      {pt}
                    </li>
                  ))}
                </ul>
                <Start primary={p.featured} block to={p.to}>
                  {p.cta}
                </Start>
              </div>
            ))}
          </div>
          {FEATURE_LIVE.commerce ? prices : null}
        </div>
      </section>

      <section className="bs-section bs-section--alt" id="partners">
        <div className="bs-container">
          <div className="bs-section-title">
            <h2>合作伙伴</h2>
            <p>
              与各行业的投标团队、招标代理和咨询机构一起打磨产品。
              <Link to="/more/partner.html">成为合作伙伴 →</Link>
            </p>
          </div>
          <div className="bs-partners">
            {PARTNER_KINDS.map((p) => (
              <div className="bs-partner" key={p.name}>
                {p.icon}
                {p.name}
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="bs-section">
        <div className="bs-container">
          <div className="bs-cta-band">
            <div>
              <h2>下一份标书，交给标书 AI 起草</h2>
              <p>{signupGift(trialBids, '额度') ?? '注册即可开始'}，上传招标文件，先写一份看看效果。</p>
            </div>
            <Start>立即开始</Start>
          </div>
        </div>
      </section>
    </>
  );
}

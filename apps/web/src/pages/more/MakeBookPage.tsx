import { Steps } from 'antd';
import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { StartButton } from '../../components/StartButton.tsx';

const ITEMS = [
  {
    title: '读懂招标文件',
    content:
      '重点看项目概况、资格要求、评分标准、★号条款和废标条款。评分标准决定了技术标要写哪些章节、每章写多少。',
  },
  {
    title: '搭好大纲',
    content:
      '先按招标文件规定的格式和顺序列出章节，再把每一个评分项落到具体章节，避免漏项。分值高的评分项给更多篇幅。',
  },
  {
    title: '写正文',
    content:
      '每章围绕对应的评分项展开：先回应要求，再写方案、措施和保障。项目名称、工期、地点等事实全文保持一致。',
  },
  {
    title: '补图表与证明材料',
    content: '架构图、流程图、进度计划（甘特图）、人员配置表能让评审一眼看懂；资质证书、业绩合同按要求附上。',
  },
  {
    title: '投标前自查',
    content:
      '逐项核对评分点是否都有回应，★号条款是否逐条响应，废标条款是否全部规避；暗标项目检查是否出现单位名称、人名和标识。',
  },
  {
    title: '排版与导出',
    content: '按招标文件要求设置字体字号、标题编号、目录、页眉页码，导出 Word 后打印、签字、盖章。',
  },
];

/** `/more/make-book.html`: a practical guide to writing a bid, and where the product helps at each step. */
export default function MakeBookPage() {
  return (
    <>
      <PublicBanner
        title="如何制作标书"
        subtitle="一份合格的技术标从读懂招标文件开始。以下六步是投标人的常用做法，标书 AI 在每一步都能帮上忙。"
        crumbs={[{ label: '如何制作标书' }]}
      />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          <Steps
            orientation="vertical"
            current={-1}
            items={ITEMS.map((i) => ({ title: i.title, content: i.content, status: 'process' as const }))}
          />
        </article>
        <aside className="bs-side-card">
          <h3>用标书 AI 完成这些步骤</h3>
          <p style={{ color: '#64748b', marginTop: 0 }}>
            解析、大纲、写作、检查和导出都在一个页面里完成。详细操作见
            <Link to="/help/getting-started.html">五分钟上手</Link>。
          </p>
          <StartButton type="primary" block>
            免费试写一份
          </StartButton>
        </aside>
      </div>
    </>
  );
}

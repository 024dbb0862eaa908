import { FileSearchOutlined, FileWordOutlined, RobotOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { StartButton } from '../../components/StartButton.tsx';

const COLUMNS = [
  { icon: <FileSearchOutlined />, title: '解析招标文件', text: '识别评分标准、★号条款与废标条款。' },
  { icon: <RobotOutlined />, title: 'AI 写大纲与正文', text: '按评分点生成大纲，逐章或全文写作。' },
  { icon: <FileWordOutlined />, title: '导出 Word', text: '选择模板，导出排版规范的投标文件。' },
];

/** `/indexOld`: the earlier, compact home page, kept for old links and bookmarks. */
export default function IndexOldPage() {
  return (
    <>
      <section className="bs-banner" style={{ padding: '80px 0', textAlign: 'center' }}>
        <div className="bs-container" style={{ position: 'relative', zIndex: 1 }}>
          <h1>标书 AI · 智能投标文件写作</h1>
          <p style={{ margin: '16px auto 0' }}>从招标文件到 Word 投标文件，AI 帮您完成初稿。</p>
          <div style={{ marginTop: 28 }}>
            <StartButton size="large">开始写标书</StartButton>
          </div>
        </div>
      </section>
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {COLUMNS.map((c) => (
            <div className="bs-tile" key={c.title}>
              <div className="bs-feature__icon">{c.icon}</div>
              <h3 style={{ marginTop: 14 }}>{c.title}</h3>
              <p>{c.text}</p>
            </div>
          ))}
        </div>
        <p style={{ textAlign: 'center', marginTop: 40, color: '#64748b' }}>
          这是旧版首页，<Link to="/">前往新版首页</Link>了解更多功能。
        </p>
      </div>
    </>
  );
}

import { PlayCircleFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { COMING_SOON } from '../../components/ComingSoon.tsx';

const LESSONS = [
  {
    title: '第 1 课：五分钟上手',
    text: '新建标书、解析招标文件、生成大纲、导出 Word。',
    help: 'getting-started',
  },
  {
    title: '第 2 课：上传与粘贴招标文件',
    text: '哪些内容最值得粘贴，解析结果怎么核对。',
    help: 'upload-tender',
  },
  { title: '第 3 课：编辑大纲', text: '增删章节、拖动排序、重新生成与版本切换。', help: 'outline' },
  { title: '第 4 课：全文写作', text: '后台写作、进度查看、出错章节重试。', help: 'full-write' },
  { title: '第 5 课：导出与排版模板', text: '字体字号、标题编号、目录和页眉页码。', help: 'export-word' },
  { title: '第 6 课：企业账号', text: '员工管理与企业额度。', help: 'company-account' },
];

/** `/more/video.html`: video tutorials; until the videos are published each lesson links to its written guide. */
export default function VideoPage() {
  return (
    <>
      <PublicBanner
        title="视频教程"
        subtitle="跟着视频一步步完成第一份标书。视频上线前，每一课都可以先阅读图文版。"
        crumbs={[{ label: '视频教程' }]}
      />
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {LESSONS.map((l) => (
            <div className="bs-tile" key={l.title}>
              <Tooltip title={`视频${COMING_SOON}`}>
                <div
                  aria-label={`${l.title} 视频${COMING_SOON}`}
                  style={{
                    height: 140,
                    borderRadius: 10,
                    marginBottom: 16,
                    background: 'linear-gradient(135deg,#1e3a8a,#2563eb)',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    color: 'rgba(255,255,255,0.85)',
                    fontSize: 44,
                    cursor: 'not-allowed',
                  }}
                >
                  <PlayCircleFilled />
                </div>
              </Tooltip>
              <h3>{l.title}</h3>
              <p>{l.text}</p>
              <p style={{ marginTop: 8 }}>
                <Link to={`/help/${l.help}.html`} style={{ color: '#1d4ed8' }}>
                  阅读图文版 →
                </Link>
              </p>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

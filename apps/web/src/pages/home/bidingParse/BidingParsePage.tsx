import { CheckOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

const REPORT = ['项目概况与甲方信息', '资格性审查与符合性检查', '技术与商务评分表（评分项、分值、出处）', '★号条款与废标条款', '投标关键时间节点', '投标保证金', '交货与服务要求', '需要准备的材料清单'];

/** `/home/bidingParse`: upload a tender and get a structured interpretation report. */
export default function BidingParsePage() {
  return (
    <PageFrame title="招标文件解读" description="上传招标文件，几分钟内得到一份结构化的解读报告，可导出为 Word 与团队分享。">
      <div className="bs-grid-3" style={{ gridTemplateColumns: '2fr 1fr' }}>
        <Panel title="上传招标文件">
          <ComingSoon
            description="支持 PDF、DOCX、DOC、TXT 格式。解读完成后会自动打开解读报告。"
            actionLabel="上传招标文件"
            actionIcon={<CloudUploadOutlined />}
          />
        </Panel>
        <Panel title="报告包含">
          <ul className="bs-list-plain">
            {REPORT.map((r) => (
              <li key={r}>
                <CheckOutlined />
                <span>{r}</span>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </PageFrame>
  );
}

import { CheckOutlined } from '@ant-design/icons';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { InterpretationStart } from '../../../features/interpretation/InterpretationStart.tsx';
import { InterpretationHistory } from '../../../features/interpretation/InterpretationHistory.tsx';
import '../../../features/interpretation/interpretation.css';

const REPORT = [
  '项目概况与采购人信息',
  '资格要求',
  '评分标准（评分因素、分值、评分标准）',
  '★号条款与废标条款',
  '关键时间节点与投标保证金',
  '需要准备的材料清单',
  '每一项都可点开查看招标文件原文',
];

/** `/home/bidingParse`: upload or paste a tender, get a structured interpretation report; history below. */
export default function BidingParsePage() {
  return (
    <PageFrame
      title="招标文件解读"
      description="上传招标文件，得到一份结构化的解读报告：每一项都能对照原文，可导出为 Word，也可以直接用它新建标书。"
    >
      <div className="bs-grid-3" style={{ gridTemplateColumns: '2fr 1fr' }}>
        <Panel title="新建解读">
          <InterpretationStart />
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
      <Panel title="解读记录" className="ip-history">
        <InterpretationHistory />
      </Panel>
    </PageFrame>
  );
}

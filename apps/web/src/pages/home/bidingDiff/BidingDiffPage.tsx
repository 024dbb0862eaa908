import { CopyOutlined, FileImageOutlined, InfoCircleOutlined, SafetyOutlined, DiffOutlined } from '@ant-design/icons';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

const CHECKS = [
  { icon: <CopyOutlined />, title: '相同或相近段落', text: '逐段比对，标出多份文件之间重复的文字。' },
  { icon: <FileImageOutlined />, title: '相同图片', text: '识别完全相同或高度相似的图片。' },
  { icon: <InfoCircleOutlined />, title: '文档属性', text: '作者、创建时间、修改人等元数据是否一致。' },
];

/** `/home/bidingDiff`: compare two or more bid files before submission (a self-check). */
export default function BidingDiffPage() {
  return (
    <PageFrame title="标书查重" description="对比两份或多份投标文件，投标前自查雷同风险。选择自己的标书或上传 Word 文件即可开始。">
      <div className="bs-grid-3">
        {CHECKS.map((c) => (
          <div className="bs-feature-note" key={c.title}>
            {c.icon}
            <div>
              <strong>{c.title}</strong>
              <div>{c.text}</div>
            </div>
          </div>
        ))}
      </div>
      <Panel title="发起查重">
        <ComingSoon description="选择至少两份文件进行比对，结果会高亮显示相同的段落和图片。" actionLabel="选择文件开始查重" actionIcon={<DiffOutlined />} />
      </Panel>
      <div className="bs-feature-note">
        <SafetyOutlined />
        <div>查重仅用于投标前的自我检查，帮助发现无意中的雷同；请勿用于规避招标方的雷同审查。</div>
      </div>
    </PageFrame>
  );
}

import { CloudUploadOutlined, IdcardOutlined, SafetyCertificateOutlined, TrophyOutlined, FileDoneOutlined } from '@ant-design/icons';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

const KINDS = [
  { icon: <SafetyCertificateOutlined />, title: '资质证书', text: '营业执照、资质等级、体系认证、软件著作权等。' },
  { icon: <TrophyOutlined />, title: '业绩案例', text: '合同、中标通知书、验收报告与项目简介。' },
  { icon: <IdcardOutlined />, title: '人员信息', text: '项目经理与技术骨干的简历、证书和社保证明。' },
  { icon: <FileDoneOutlined />, title: '过往标书', text: '以前写过的投标文件，AI 可复用其中的方案。' },
];

/** `/home/knowledgeBase/create`: add material to the private knowledge base. */
export default function KnowledgeCreatePage() {
  return (
    <PageFrame title="新建知识" description="上传文件或直接录入文字，保存到我的知识库。">
      <div className="bs-grid-2">
        {KINDS.map((k) => (
          <div className="bs-feature-note" key={k.title}>
            {k.icon}
            <div>
              <strong>{k.title}</strong>
              <div>{k.text}</div>
            </div>
          </div>
        ))}
      </div>
      <Panel title="上传资料">
        <ComingSoon description="支持 PDF、Word、TXT 文件，也可以直接粘贴文字。" actionLabel="上传资料" actionIcon={<CloudUploadOutlined />} />
      </Panel>
    </PageFrame>
  );
}

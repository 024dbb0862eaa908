import { Button } from 'antd';
import { GlobalOutlined, IdcardOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';

const AREAS = [
  {
    to: '/home/knowledgeBase/private',
    icon: <LockOutlined />,
    title: '我的知识库',
    text: '过往标书、方案和资料文档。只有您（企业账号为本企业成员）可以查看；AI 写作时检索相关段落并在章节上注明引用来源。',
  },
  {
    to: '/home/knowledgeBase/create',
    icon: <IdcardOutlined />,
    title: '企业资料库',
    text: '资质证书（含有效期提醒）、人员、业绩、财务等结构化资料，AI 写作和生成商务标时直接填入。',
  },
  {
    to: '/home/knowledgeBase/public',
    icon: <GlobalOutlined />,
    title: '公共知识库',
    text: '平台运营人员整理的法规、标准规范与通用资料，所有用户可检索，AI 写作时也会检索。',
  },
];

/** `/home/knowledgeBase`: entry to the private, company and public knowledge areas. */
export default function KnowledgeBasePage() {
  const navigate = useNavigate();
  return (
    <PageFrame
      title="知识库"
      description="把写标书常用的资料沉淀下来。AI 写作时优先使用知识库中的事实，缺少的信息会留下【待填写】标记，而不是编造。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/home/knowledgeBase/create')}>
          新建知识
        </Button>
      }
    >
      <div className="bs-grid-2">
        {AREAS.map((a) => (
          <Link key={a.to} to={a.to} className="bs-tile">
            <div className="bs-feature__icon">{a.icon}</div>
            <h3 style={{ marginTop: 14 }}>{a.title}</h3>
            <p>{a.text}</p>
          </Link>
        ))}
      </div>
    </PageFrame>
  );
}

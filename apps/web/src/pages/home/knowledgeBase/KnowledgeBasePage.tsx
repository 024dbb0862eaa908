import { Button } from 'antd';
import { GlobalOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';

const AREAS = [
  {
    to: '/home/knowledgeBase/private',
    icon: <LockOutlined />,
    title: '我的知识库',
    text: '企业资质、过往业绩、项目案例、人员简历和历史标书。只有您（企业账号为本企业成员）可以查看，AI 写作时引用并注明来源。',
  },
  {
    to: '/home/knowledgeBase/public',
    icon: <GlobalOutlined />,
    title: '公共知识库',
    text: '平台整理的法规、标准规范与通用方案素材，所有用户可查阅和引用。',
  },
];

/** `/home/knowledgeBase`: entry to the private and public knowledge areas. */
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

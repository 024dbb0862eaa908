import { Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';

/** `/home/knowledgeBase/private`: the user's (or company's) own material. */
export default function PrivateKnowledgePage() {
  const navigate = useNavigate();
  return (
    <PageFrame title="我的知识库" description="只有您（企业账号为本企业成员）可以查看的资料。">
      <Panel>
        <Empty className="bs-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="知识库还是空的。添加企业资质、业绩和人员资料后，AI 写作会引用它们。">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/home/knowledgeBase/create')}>
            新建知识
          </Button>
        </Empty>
      </Panel>
    </PageFrame>
  );
}

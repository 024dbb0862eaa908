import { useState } from 'react';
import { Button, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { BusinessBid } from '../../../features/knowledge/BusinessBid.tsx';
import { CompanyFacts } from '../../../features/knowledge/CompanyFacts.tsx';
import { UploadDocument } from '../../../features/knowledge/UploadDocument.tsx';

/** `/home/knowledgeBase/create`: add documents to the private knowledge base and keep the company library. */
export default function KnowledgeCreatePage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <PageFrame
      title="新建知识"
      description="上传过往标书和资料文档，录入资质、人员、业绩卡片，并由它们生成商务标。"
    >
      <Panel title="上传文档">
        <Typography.Paragraph type="secondary">
          支持 Word、PDF、TXT。上传后按标题切分为段落，写作时按内容检索并注明引用来源。
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          onClick={() => setOpen(true)}
          data-testid="kb-upload"
        >
          上传到我的知识库
        </Button>
      </Panel>
      <CompanyFacts />
      <BusinessBid />
      <UploadDocument
        open={open}
        library="private"
        folders={[]}
        tags={[]}
        onClose={() => setOpen(false)}
        onSaved={() => navigate('/home/knowledgeBase/private')}
      />
    </PageFrame>
  );
}

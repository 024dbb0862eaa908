import { Button, Popover, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import type { ChapterSource } from '@bid/shared';
import './knowledge.css';

/** What the last AI write of a chapter used from the knowledge base (getBidCatalogDetail.sources). */
export function ChapterSources({ sources }: { sources: ChapterSource[] }) {
  if (!sources.length) return null;
  const content = (
    <div className="bs-kb-sources" data-testid="chapter-sources">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        本章上次 AI 写作引用了知识库中的以下资料：
      </Typography.Paragraph>
      {sources.map((s) => (
        <div className="bs-kb-source" key={s.passageId}>
          <div className="bs-kb-source__name">《{s.documentName}》</div>
          <div className="bs-kb-source__text">
            {s.text.length > 160 ? `${s.text.slice(0, 160)}…` : s.text}
          </div>
        </div>
      ))}
    </div>
  );
  return (
    <Popover content={content} title="引用来源" trigger="click" placement="topLeft">
      <Button size="small" type="link" icon={<BookOutlined />} data-testid="chapter-sources-button">
        引用来源 {sources.length}
      </Button>
    </Popover>
  );
}

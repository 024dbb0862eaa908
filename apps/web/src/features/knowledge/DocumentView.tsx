import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Spin, Tag, Typography } from 'antd';
import { knowledgeApi, knowledgeKeys } from './api.ts';

/** A document's passages, in order. */
export function DocumentPassages({ id }: { id: string }) {
  const q = useQuery({ queryKey: knowledgeKeys.detail(id), queryFn: () => knowledgeApi.detail(id) });
  if (q.isPending) return <Spin />;
  if (q.isError)
    return (
      <Alert type="error" showIcon title={q.error instanceof Error ? q.error.message : '文档读取失败'} />
    );
  const d = q.data;
  return (
    <div>
      <div style={{ marginBottom: 12 }}>
        {d.folder ? <Tag color="blue">{d.folder}</Tag> : null}
        {d.tags.map((t) => (
          <Tag key={t}>{t}</Tag>
        ))}
        <Typography.Text type="secondary">
          {d.items.length} 个段落 · {d.chars.toLocaleString('zh-CN')} 字
        </Typography.Text>
      </div>
      {d.items.length ? (
        d.items.map((p) => (
          <div key={p.id} className="bs-kb-hit">
            {p.heading ? <div className="bs-kb-hit__head">{p.heading}</div> : null}
            <div className="bs-kb-passage">{p.text}</div>
          </div>
        ))
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="这份文件没有可检索的文字（可能是扫描件或图片）"
        />
      )}
    </div>
  );
}

export function DocumentDrawer({ id, name, onClose }: { id: string | null; name: string; onClose(): void }) {
  return (
    <Drawer open={Boolean(id)} title={name} size={720} onClose={onClose} destroyOnHidden>
      {id ? <DocumentPassages id={id} /> : null}
    </Drawer>
  );
}

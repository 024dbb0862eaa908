import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, FolderOutlined, TagOutlined } from '@ant-design/icons';
import type { KnowledgeDocument, KnowledgeLibrary } from '@bid/shared';
import { Panel } from '../../components/PageFrame.tsx';
import { confirmDialog, toastSuccess } from '../../utils/feedback.ts';
import { knowledgeApi, knowledgeKeys } from './api.ts';
import { DocumentDrawer } from './DocumentView.tsx';
import { Highlighted } from './Highlighted.tsx';
import { UploadDocument } from './UploadDocument.tsx';
import './knowledge.css';

/** Search over one library with highlighted passages. */
function SearchPanel({
  library,
  onOpen,
}: {
  library: KnowledgeLibrary;
  onOpen(id: string, name: string): void;
}) {
  const [query, setQuery] = useState('');
  const q = useQuery({
    queryKey: knowledgeKeys.search({ query, library }),
    queryFn: () => knowledgeApi.search({ query, library, size: 10 }),
    enabled: query.trim().length > 0,
  });
  return (
    <Panel title="检索">
      <Input.Search
        placeholder="用自己的话描述要找的内容，例如：项目负责人的证书"
        enterButton="搜索"
        allowClear
        onSearch={(v) => setQuery(v.trim())}
        data-testid="kb-search"
      />
      {query ? (
        <div style={{ marginTop: 12 }} data-testid="kb-results">
          {q.isFetching ? <Spin /> : null}
          {q.data && !q.data.length ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到相关段落，换个说法试试" />
          ) : null}
          {q.data?.map((h) => (
            <div key={h.passageId} className="bs-kb-hit">
              <div className="bs-kb-hit__head">
                <Typography.Link onClick={() => onOpen(h.documentId, h.documentName)}>
                  《{h.documentName}》
                </Typography.Link>
                <Typography.Text type="secondary">相关度 {h.score.toFixed(1)}</Typography.Text>
              </div>
              <Highlighted
                text={h.text.length > 400 ? `${h.text.slice(0, 400)}…` : h.text}
                ranges={h.highlights}
              />
            </div>
          ))}
        </div>
      ) : null}
    </Panel>
  );
}

/** A knowledge library: upload, folders and tags, the document list with delete, and search. */
export function DocumentLibrary({ library }: { library: KnowledgeLibrary }) {
  const qc = useQueryClient();
  const [folder, setFolder] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const list = useQuery({
    queryKey: knowledgeKeys.list({ library, folder, tag }),
    queryFn: () => knowledgeApi.list({ library, folder, tag }),
  });
  const canUpload = library === 'private' || list.data?.operator === true;
  const refresh = () => void qc.invalidateQueries({ queryKey: knowledgeKeys.all });

  const remove = async (d: KnowledgeDocument) => {
    const yes = await confirmDialog({
      title: '删除文档',
      content: `确定删除“${d.name}”吗？删除后 AI 写作不再引用它，已写好的章节不受影响。`,
      okText: '删除',
      danger: true,
    });
    if (!yes) return;
    await knowledgeApi.remove(d.id);
    toastSuccess('已删除');
    refresh();
  };

  const docs = list.data?.documents ?? [];
  const filtered = folder || tag;
  return (
    <>
      <SearchPanel library={library} onOpen={(id, name) => setOpen({ id, name })} />
      <Panel
        title="文档"
        extra={
          canUpload ? (
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={() => setUploading(true)}
              data-testid="kb-upload"
            >
              上传文档
            </Button>
          ) : null
        }
      >
        <div className={list.data?.folders.length || list.data?.tags.length ? 'bs-kb-layout' : undefined}>
          <div className="bs-kb-filter" hidden={!list.data?.folders.length && !list.data?.tags.length}>
            <Button
              type={!filtered ? 'primary' : 'text'}
              size="small"
              onClick={() => (setFolder(null), setTag(null))}
            >
              全部文档
            </Button>
            {list.data?.folders.map((f) => (
              <Button
                key={f.name}
                type={folder === f.name ? 'primary' : 'text'}
                size="small"
                icon={<FolderOutlined />}
                onClick={() => (setFolder(f.name), setTag(null))}
              >
                {f.name}（{f.count}）
              </Button>
            ))}
            {list.data?.tags.map((t) => (
              <Button
                key={t.name}
                type={tag === t.name ? 'primary' : 'text'}
                size="small"
                icon={<TagOutlined />}
                onClick={() => (setTag(t.name), setFolder(null))}
              >
                {t.name}（{t.count}）
              </Button>
            ))}
          </div>
          <Table<KnowledgeDocument>
            rowKey="id"
            size="middle"
            loading={list.isPending}
            dataSource={docs}
            pagination={docs.length > 20 ? { pageSize: 20 } : false}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    filtered
                      ? '这个文件夹或标签下没有文档'
                      : library === 'public'
                        ? '公共知识库还没有资料，运营人员添加后会显示在这里'
                        : '知识库还是空的。上传过往标书、方案和资料后，AI 写作会检索并引用它们。'
                  }
                >
                  {canUpload && !filtered ? (
                    <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
                      上传文档
                    </Button>
                  ) : null}
                </Empty>
              ),
            }}
            columns={[
              {
                title: '名称',
                dataIndex: 'name',
                render: (name: string, d) => (
                  <Typography.Link onClick={() => setOpen({ id: d.id, name })}>{name}</Typography.Link>
                ),
              },
              { title: '文件夹', dataIndex: 'folder', width: 120, render: (f: string | null) => f ?? '—' },
              {
                title: '标签',
                dataIndex: 'tags',
                width: 160,
                render: (tags: string[]) => (tags.length ? tags.map((t) => <Tag key={t}>{t}</Tag>) : '—'),
              },
              { title: '段落', dataIndex: 'passages', width: 70 },
              {
                title: '添加时间',
                dataIndex: 'createTime',
                width: 160,
                render: (t: string) => new Date(t).toLocaleString('zh-CN', { hour12: false }),
              },
              {
                title: '操作',
                width: 90,
                render: (_: unknown, d) =>
                  d.removable ? (
                    <Space>
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => void remove(d)}
                        aria-label={`删除 ${d.name}`}
                      >
                        删除
                      </Button>
                    </Space>
                  ) : null,
              },
            ]}
          />
        </div>
      </Panel>
      <UploadDocument
        open={uploading}
        library={library}
        folders={list.data?.folders.map((f) => f.name) ?? []}
        tags={list.data?.tags.map((t) => t.name) ?? []}
        onClose={() => setUploading(false)}
        onSaved={refresh}
      />
      <DocumentDrawer id={open?.id ?? null} name={open?.name ?? ''} onClose={() => setOpen(null)} />
    </>
  );
}

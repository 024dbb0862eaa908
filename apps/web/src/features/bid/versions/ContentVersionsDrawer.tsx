import { useState } from 'react';
import { Button, Drawer, Empty, Modal, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { ItemList, ListItem } from '../../../components/ItemList.tsx';
import { HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JSONContent } from '@tiptap/core';
import { formatTime, type ContentVersionDetail, type ContentVersionSource } from '@bid/shared';
import { promptDialog, toastSuccess } from '../../../utils/feedback.ts';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import { bidApi, bidKeys, invalidateOutline } from '../api.ts';
import type { ChapterHandle } from '../editor/ChapterEditor.tsx';
import { DocPreview } from './DocPreview.tsx';

export const SOURCE_LABEL: Record<ContentVersionSource, { text: string; color: string }> = {
  manual: { text: '手动保存', color: 'blue' },
  ai: { text: 'AI 生成', color: 'purple' },
  restore: { text: '恢复', color: 'gold' },
  'autosave-checkpoint': { text: '自动保存点', color: 'default' },
};

export interface ContentVersionsDrawerProps {
  open: boolean;
  bidId: string;
  catalogId: string;
  chapterTitle: string;
  readOnly: boolean;
  handle: ChapterHandle | null;
  onClose(): void;
}

/** The versions of one chapter: save a version, preview one, restore one (the current text is kept first). */
export function ContentVersionsDrawer({
  open,
  bidId,
  catalogId,
  chapterTitle,
  readOnly,
  handle,
  onClose,
}: ContentVersionsDrawerProps) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: bidKeys.contentVersions(catalogId),
    queryFn: () => bidApi.contentVersions(catalogId),
    enabled: open,
    staleTime: 0,
  });
  const [preview, setPreview] = useState<ContentVersionDetail | null>(null);
  const { busy, run } = useBusyAction();

  async function saveVersion() {
    const name = await promptDialog({
      title: '保存为版本',
      label: '版本名称（可不填）',
      placeholder: '例如：交给领导审阅前',
      validator: (v) => (v.length > 100 ? '版本名称不能超过 100 个字' : true),
    });
    if (name === null) return;
    await run('save', async () => {
      await handle?.flush();
      await bidApi.saveContentVersion(catalogId, name.trim() || undefined);
      toastSuccess('已保存为新版本');
      await q.refetch();
    });
  }

  async function restore(versionId: string) {
    // A 409 (edited elsewhere) or 601 is shown by the request layer.
    await run(versionId, async () => {
      await handle?.flush();
      const r = await bidApi.restoreContentVersion(catalogId, versionId, handle?.baseVersion() ?? 0);
      handle?.applyServer(r.version, r.content as JSONContent);
      toastSuccess('已恢复该版本，恢复前的内容已存为新版本');
      await Promise.all([q.refetch(), invalidateOutline(qc, bidId)]);
    });
  }

  async function openPreview(versionId: string) {
    await run(`p${versionId}`, async () => setPreview(await bidApi.contentVersion(catalogId, versionId)));
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={480}
      title={
        <Space>
          <HistoryOutlined />
          <span>历史版本：{chapterTitle}</span>
        </Space>
      }
      extra={
        !readOnly ? (
          <Button
            icon={<SaveOutlined />}
            loading={busy === 'save'}
            onClick={() => void saveVersion()}
            data-testid="save-content-version"
          >
            保存为版本
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        每次 AI
        重新生成、恢复版本和手动保存都会留下一个版本。恢复某个版本时，当前内容会先保存为新版本，不会丢失。
      </Typography.Paragraph>
      {q.isLoading ? (
        <Spin />
      ) : !q.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有版本" />
      ) : (
        <ItemList
          items={q.data}
          renderItem={(v) => {
            const src = SOURCE_LABEL[v.source] ?? { text: v.source, color: 'default' };
            return (
              <ListItem
                key={v.id}
                data-testid="content-version"
                data-name={v.name}
                title={
                  <Space size={6}>
                    <span>V{v.versionNo}</span>
                    <span>{v.name}</span>
                    <Tag color={src.color}>{src.text}</Tag>
                  </Space>
                }
                description={`${formatTime(v.createTime)} · ${v.wordCount} 字${v.engine ? ` · ${v.engine}` : ''}`}
                actions={[
                  <Button
                    key="p"
                    size="small"
                    type="link"
                    loading={busy === `p${v.id}`}
                    onClick={() => void openPreview(v.id)}
                  >
                    预览
                  </Button>,
                  readOnly ? null : (
                    <Popconfirm
                      key="r"
                      title="恢复这个版本？"
                      description="当前内容会先保存为一个新版本。"
                      okText="恢复"
                      onConfirm={() => restore(v.id)}
                    >
                      <Button
                        size="small"
                        type="link"
                        loading={busy === v.id}
                        data-testid="restore-content-version"
                      >
                        恢复
                      </Button>
                    </Popconfirm>
                  ),
                ]}
              ></ListItem>
            );
          }}
        />
      )}
      <Modal
        open={preview !== null}
        width={820}
        title={preview ? `V${preview.versionNo} ${preview.name}` : ''}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview ? <DocPreview content={preview.content as JSONContent} /> : null}
      </Modal>
    </Drawer>
  );
}

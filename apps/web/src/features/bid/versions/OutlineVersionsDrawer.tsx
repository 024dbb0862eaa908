import { useState } from 'react';
import { Button, Drawer, Empty, Modal, Popconfirm, Space, Spin, Tag, Tree, Typography } from 'antd';
import { ItemList, ListItem } from '../../../components/ItemList.tsx';
import { ApartmentOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatTime,
  type CatalogVersionDetail,
  type CatalogVersionNode,
  type OutlineVersionSource,
} from '@bid/shared';
import { promptDialog, toastSuccess } from '../../../utils/feedback.ts';
import { useBusyAction } from '../../../utils/useBusyAction.ts';
import { bidApi, bidKeys, invalidateOutline } from '../api.ts';

const SOURCE: Record<OutlineVersionSource, { text: string; color: string }> = {
  manual: { text: '手动保存', color: 'blue' },
  auto: { text: '自动保存', color: 'default' },
  restore: { text: '恢复前自动保存', color: 'gold' },
};

function toTreeData(
  nodes: CatalogVersionNode[],
): Array<{ key: string; title: string; children: ReturnType<typeof toTreeData> }> {
  return nodes.map((n) => ({
    key: n.id,
    title: `${n.title}${n.hasContent ? `（${n.wordCount} 字）` : ''}`,
    children: toTreeData(n.children),
  }));
}

export interface OutlineVersionsDrawerProps {
  open: boolean;
  bidId: string;
  readOnly: boolean;
  onClose(): void;
  /** Save the open chapter first (a restore may change it). */
  beforeRestore?(): Promise<void>;
  onRestored?(): void;
}

/** Outline versions of a bid: save the outline, look at an old one, switch back to it (the current one is kept first). */
export function OutlineVersionsDrawer({
  open,
  bidId,
  readOnly,
  onClose,
  beforeRestore,
  onRestored,
}: OutlineVersionsDrawerProps) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: bidKeys.outlineVersions(bidId),
    queryFn: () => bidApi.outlineVersions(bidId),
    enabled: open,
    staleTime: 0,
  });
  const [preview, setPreview] = useState<CatalogVersionDetail | null>(null);
  const { busy, run } = useBusyAction();

  async function save() {
    const name = await promptDialog({
      title: '保存目录版本',
      label: '版本名称（可不填）',
      placeholder: '例如：评审前的目录',
      validator: (v) => (v.length > 100 ? '版本名称不能超过 100 个字' : true),
    });
    if (name === null) return;
    await run('save', async () => {
      await bidApi.saveOutlineVersion(bidId, name.trim() || undefined);
      toastSuccess('目录版本已保存');
      await q.refetch();
    });
  }

  async function restore(id: string) {
    await run(id, async () => {
      await beforeRestore?.();
      await bidApi.restoreOutlineVersion(id);
      toastSuccess('已恢复该目录版本，恢复前的目录已自动保存');
      await Promise.all([q.refetch(), invalidateOutline(qc, bidId)]);
      onRestored?.();
    });
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={460}
      title={
        <Space>
          <ApartmentOutlined />
          <span>目录版本</span>
        </Space>
      }
      extra={
        !readOnly ? (
          <Button
            icon={<SaveOutlined />}
            loading={busy === 'save'}
            onClick={() => void save()}
            data-testid="save-outline-version"
          >
            保存当前目录
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        重新生成或替换目录、删除有内容的章节之前，系统会自动保存目录版本。恢复时当前目录会先保存；已删除章节恢复后会带回原来的正文。
      </Typography.Paragraph>
      {q.isLoading ? (
        <Spin />
      ) : !q.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有目录版本" />
      ) : (
        <ItemList
          items={q.data}
          renderItem={(v) => (
            <ListItem
              key={v.id}
              data-testid="outline-version"
              title={
                <Space size={6}>
                  <span>{v.name}</span>
                  <Tag color={(SOURCE[v.source] ?? SOURCE.auto).color}>
                    {(SOURCE[v.source] ?? SOURCE.auto).text}
                  </Tag>
                </Space>
              }
              description={`${formatTime(v.createTime)} · ${v.chapterCount} 个章节`}
              actions={[
                <Button
                  key="v"
                  size="small"
                  type="link"
                  loading={busy === `p${v.id}`}
                  onClick={() =>
                    void run(`p${v.id}`, async () => setPreview(await bidApi.outlineVersion(v.id)))
                  }
                >
                  查看
                </Button>,
                readOnly ? null : (
                  <Popconfirm
                    key="r"
                    title="恢复这个目录版本？"
                    description="当前目录会先自动保存为一个版本。"
                    okText="恢复"
                    onConfirm={() => restore(v.id)}
                  >
                    <Button size="small" type="link" loading={busy === v.id}>
                      恢复
                    </Button>
                  </Popconfirm>
                ),
              ]}
            ></ListItem>
          )}
        />
      )}
      <Modal
        open={preview !== null}
        title={preview?.name}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview ? (
          <Tree defaultExpandAll selectable={false} treeData={toTreeData(preview.catalogs)} />
        ) : null}
      </Modal>
    </Drawer>
  );
}

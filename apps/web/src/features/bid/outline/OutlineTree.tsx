import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import { Button, Dropdown, Empty, Tooltip, Tree, Typography, type MenuProps, type TreeProps } from 'antd';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  CheckCircleFilled,
  ExclamationCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  EditOutlined,
  FileOutlined,
  FolderOutlined,
  LoadingOutlined,
  DiffOutlined,
  LockOutlined,
  MoreOutlined,
  PlusOutlined,
  SettingOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { CATALOG_LIMITS, isMandatedTitle, type CatalogNode, type CatalogStatus } from '@bid/shared';
import { confirmDialog, promptDialog } from '../../../utils/feedback.ts';
import { bidApi, invalidateOutline } from '../api.ts';
import { dropToMove } from './drop.ts';
import { ChapterSettingsModal } from './ChapterSettingsModal.tsx';

const STATUS_ICON: Record<CatalogStatus, { icon: React.ReactNode; label: string }> = {
  empty: {
    icon: <FileOutlined style={{ color: 'var(--ant-color-text-quaternary, #bfbfbf)' }} />,
    label: '未写',
  },
  writing: {
    icon: <LoadingOutlined style={{ color: 'var(--ant-color-primary, #1677ff)' }} />,
    label: '写作中',
  },
  done: {
    icon: <CheckCircleFilled style={{ color: 'var(--ant-color-success, #52c41a)' }} />,
    label: '已完成',
  },
  error: { icon: <CloseCircleFilled style={{ color: 'var(--ant-color-error, #ff4d4f)' }} />, label: '出错' },
};

export interface OutlineTreeProps {
  bidId: string;
  tree: CatalogNode[];
  readOnly: boolean;
  selectedId: string | null;
  onSelect(id: string | null): void;
  /** Called before a change that may affect the open chapter (its pending text is saved first). */
  beforeChange?(): Promise<void>;
  /** Titles of the tender's mandated outline: renaming or deleting one asks first. */
  mandated?: readonly string[];
  /** Chapters answering a scoring item a 补遗/澄清 changed, with the change (marked until rewritten). */
  amended?: ReadonlyMap<string, string>;
}

const LOCKED_WARNING =
  '该章节是招标文件规定的投标文件组成部分，标题和顺序应与招标文件一致，改动可能导致投标文件不符合要求。';

interface Indexed {
  byId: Map<string, CatalogNode>;
  parentKeys: string[];
}

function indexTree(tree: CatalogNode[]): Indexed {
  const byId = new Map<string, CatalogNode>();
  const parentKeys: string[] = [];
  const walk = (nodes: CatalogNode[]) => {
    for (const n of nodes) {
      byId.set(n.id, n);
      if (n.children.length) parentKeys.push(n.id);
      walk(n.children);
    }
  };
  walk(tree);
  return { byId, parentKeys };
}

function subtreeIds(n: CatalogNode): string[] {
  return [n.id, ...n.children.flatMap(subtreeIds)];
}

const titleRules = {
  validator: (v: string) => {
    if (!v.trim()) return '章节标题不能为空';
    if (v.trim().length > CATALOG_LIMITS.titleMax) return `章节标题不能超过 ${CATALOG_LIMITS.titleMax} 个字`;
    return true;
  },
};

/** Tree height follows its container so long outlines scroll inside (antd virtualizes with a height). */
function useHeight(ref: React.RefObject<HTMLDivElement | null>, fallback = 560): number {
  const [h, setH] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setH(Math.max(240, Math.floor(el.clientHeight))));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return h;
}

/**
 * The outline on the left of the workspace: status per chapter, a gear for its settings, drag and
 * drop, and a menu (also on right click) to add, rename, move, promote, demote and delete.
 */
export function OutlineTree({
  bidId,
  tree,
  readOnly,
  selectedId,
  onSelect,
  beforeChange,
  mandated = [],
  amended,
}: OutlineTreeProps) {
  const qc = useQueryClient();
  const { byId, parentKeys } = useMemo(() => indexTree(tree), [tree]);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [settingsFor, setSettingsFor] = useState<CatalogNode | null>(null);
  const [busy, setBusy] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const height = useHeight(boxRef);

  // Everything starts expanded; later the writer's choice is kept, and new parents open.
  const expandedKeys = expanded ?? parentKeys;
  const expand = (id: string) => setExpanded((prev) => Array.from(new Set([...(prev ?? parentKeys), id])));

  async function run<T>(fn: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      await beforeChange?.();
      return await fn();
    } catch {
      // The request layer has told the user (e.g. 601 "已经是同级第一个章节").
      return undefined;
    } finally {
      await invalidateOutline(qc, bidId);
      setBusy(false);
    }
  }

  async function addChild(n: CatalogNode) {
    const title = await promptDialog({
      title: '添加下级章节',
      label: `在「${n.title}」下添加`,
      placeholder: '章节标题',
      ...titleRules,
    });
    if (title === null) return;
    const r = await run(() => bidApi.addChild(n.id, title.trim()));
    if (r) {
      expand(n.id);
      onSelect(r.id);
    }
  }
  async function addSibling(n: CatalogNode) {
    const title = await promptDialog({
      title: '添加同级章节',
      label: `在「${n.title}」之后添加`,
      placeholder: '章节标题',
      ...titleRules,
    });
    if (title === null) return;
    const r = await run(() => bidApi.addSibling(n.id, title.trim()));
    if (r) onSelect(r.id);
  }
  async function addTopLevel() {
    const title = await promptDialog({
      title: '添加一级章节',
      placeholder: '章节标题',
      initialValue: '',
      ...titleRules,
    });
    if (title === null) return;
    const r = await run(() => bidApi.addTopLevel(bidId, title.trim()));
    if (r) onSelect(r.id);
  }
  /** A mandated chapter is changed only after the writer confirms the warning. */
  async function unlock(n: CatalogNode, action: string): Promise<boolean> {
    if (!isMandatedTitle(n.title, mandated)) return true;
    return confirmDialog({
      title: `${action}招标文件规定的章节`,
      content: LOCKED_WARNING,
      okText: `仍要${action}`,
    });
  }
  /** Reordering a mandated chapter changes the tender's order: asked first like a rename. */
  async function moveLocked<T>(n: CatalogNode, fn: () => Promise<T>) {
    if (await unlock(n, '移动')) await run(fn);
  }
  async function rename(n: CatalogNode) {
    if (!(await unlock(n, '修改'))) return;
    const title = await promptDialog({
      title: '重命名章节',
      initialValue: n.title,
      placeholder: '章节标题',
      ...titleRules,
    });
    if (title === null || title.trim() === n.title) return;
    await run(() => bidApi.rename(n.id, title.trim()));
  }
  async function remove(n: CatalogNode) {
    if (!(await unlock(n, '删除'))) return;
    const count = subtreeIds(n).length;
    const ok = await confirmDialog({
      title: '删除章节',
      content:
        count > 1
          ? `确定删除「${n.title}」及其 ${count - 1} 个下级章节吗？有内容的章节会先自动存入目录版本。`
          : `确定删除「${n.title}」吗？`,
      okText: '删除',
      danger: true,
    });
    if (!ok) return;
    const ids = subtreeIds(n);
    const done = await run(() => bidApi.removeChapter(n.id));
    if (done !== undefined && selectedId && ids.includes(selectedId)) onSelect(null);
  }

  function menuFor(n: CatalogNode): MenuProps['items'] {
    const items: MenuProps['items'] = [
      {
        key: 'child',
        icon: <SubnodeOutlined />,
        label: '添加下级章节',
        disabled: n.level >= CATALOG_LIMITS.maxDepth,
        onClick: () => void addChild(n),
      },
      { key: 'sibling', icon: <PlusOutlined />, label: '添加同级章节', onClick: () => void addSibling(n) },
      { key: 'rename', icon: <EditOutlined />, label: '重命名', onClick: () => void rename(n) },
      { type: 'divider' },
      {
        key: 'up',
        icon: <ArrowUpOutlined />,
        label: '上移',
        onClick: () => void moveLocked(n, () => bidApi.moveUp(n.id)),
      },
      {
        key: 'down',
        icon: <ArrowDownOutlined />,
        label: '下移',
        onClick: () => void moveLocked(n, () => bidApi.moveDown(n.id)),
      },
      {
        key: 'promote',
        icon: <ArrowLeftOutlined />,
        label: '升级',
        disabled: n.level === 1,
        onClick: () => void moveLocked(n, () => bidApi.promote(n.id)),
      },
      {
        key: 'demote',
        icon: <ArrowRightOutlined />,
        label: '降级',
        onClick: () => void moveLocked(n, () => bidApi.demote(n.id)),
      },
      { type: 'divider' },
      { key: 'settings', icon: <SettingOutlined />, label: '章节设置', onClick: () => setSettingsFor(n) },
    ];
    if (n.status === 'error')
      items.push({
        key: 'clear',
        label: '清除错误状态',
        onClick: () => void run(() => bidApi.clearError(n.id)),
      });
    items.push(
      { type: 'divider' },
      { key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true, onClick: () => void remove(n) },
    );
    return items;
  }

  const onDrop: TreeProps['onDrop'] = (info) => {
    const pos = String(info.node.pos).split('-');
    const target = byId.get(String(info.node.key));
    const move = dropToMove({
      dragId: String(info.dragNode.key),
      targetId: String(info.node.key),
      dropToGap: info.dropToGap,
      relative: info.dropPosition - Number(pos[pos.length - 1]),
      targetExpanded: Boolean(info.node.expanded),
      targetFirstChildId: target?.children[0]?.id ?? null,
    });
    if (!move) return;
    const dragged = byId.get(move.id);
    void (async () => {
      if (dragged && !(await unlock(dragged, '移动'))) return;
      if (move.position === 'inside') expand(move.targetId);
      await run(() => bidApi.drag(move.id, move.targetId, move.position));
    })();
  };

  const treeData = useMemo(() => {
    const conv = (nodes: CatalogNode[]): NonNullable<TreeProps['treeData']> =>
      nodes.map((n) => ({ key: n.id, title: n.title, children: conv(n.children) }));
    return conv(tree);
  }, [tree]);

  const titleRender = (d: { key: Key }) => {
    const n = byId.get(String(d.key));
    if (!n) return null;
    // A chapter with sections is done when they are: an empty parent shows as a folder, not as unwritten.
    const st =
      n.children.length && n.status === 'empty'
        ? {
            icon: <FolderOutlined style={{ color: 'var(--ant-color-text-tertiary, #999)' }} />,
            label: '包含下级章节',
          }
        : n.children.length === 0 && n.status === 'done' && !n.written
          ? {
              // Text is there but not enough of its own to count toward progress.
              icon: <ExclamationCircleFilled style={{ color: 'var(--ant-color-warning, #faad14)' }} />,
              label: `未写够：正文 ${n.ownWords} 字，需 ${n.wordsNeeded} 字（【待填写】和照抄的招标要求不计）`,
            }
          : n.settings.noText && n.children.length === 0
            ? {
                icon: <CheckCircleFilled style={{ color: 'var(--ant-color-success, #52c41a)' }} />,
                label: '无需正文',
              }
            : (STATUS_ICON[n.status] ?? STATUS_ICON.empty);
    const label = (
      <span
        className="bs-outline-node"
        data-testid="outline-node"
        data-id={n.id}
        data-title={n.title}
        data-status={n.status}
        data-written={n.children.length === 0 ? String(n.written) : undefined}
      >
        <Tooltip title={st.label} mouseEnterDelay={0.5}>
          <span className="bs-outline-node__status">{st.icon}</span>
        </Tooltip>
        <span className="bs-outline-node__title" title={n.title}>
          {isMandatedTitle(n.title, mandated) ? (
            <Tooltip title="招标文件规定的章节：标题和顺序应保持不变">
              <LockOutlined className="bs-outline-node__lock" aria-label="招标文件规定的章节" />
            </Tooltip>
          ) : null}
          {amended?.has(n.id) ? (
            <Tooltip title={amended.get(n.id)}>
              <DiffOutlined
                className="bs-outline-node__lock"
                style={{ color: 'var(--ant-color-warning, #faad14)' }}
                aria-label="补遗/澄清调整了本章节回应的评分项"
                data-testid="outline-amended"
              />
            </Tooltip>
          ) : null}
          {n.title}
        </span>
        {n.targetWords ? (
          <Tooltip
            title={`已写 ${n.wordCount} 字（正文计入 ${n.ownWords} 字）/ 预算 ${n.targetWords} 字（按页数和导出模板的版式计算）`}
            mouseEnterDelay={0.5}
          >
            <span className="bs-outline-node__words" data-testid="outline-budget">
              {n.wordCount}/{n.targetWords}字
            </span>
          </Tooltip>
        ) : n.wordCount > 0 ? (
          <span className="bs-outline-node__words">{n.wordCount}字</span>
        ) : null}
        {!readOnly ? (
          <span className="bs-outline-node__actions" onClick={(e) => e.stopPropagation()}>
            <Tooltip title="章节设置">
              <Button
                size="small"
                type="text"
                icon={<SettingOutlined />}
                aria-label={`章节设置：${n.title}`}
                onClick={() => setSettingsFor(n)}
              />
            </Tooltip>
            <Dropdown trigger={['click']} menu={{ items: menuFor(n) }}>
              <Button
                size="small"
                type="text"
                icon={<MoreOutlined />}
                aria-label={`更多操作：${n.title}`}
                data-testid="outline-more"
              />
            </Dropdown>
          </span>
        ) : null}
      </span>
    );
    return readOnly ? (
      label
    ) : (
      <Dropdown trigger={['contextMenu']} menu={{ items: menuFor(n) }}>
        {label}
      </Dropdown>
    );
  };

  return (
    <div className="bs-outline">
      {!readOnly ? (
        <div className="bs-outline__toolbar">
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => void addTopLevel()}
            disabled={busy}
            data-testid="add-top-chapter"
          >
            添加一级章节
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            拖动章节可调整顺序和层级，右键查看更多操作
          </Typography.Text>
        </div>
      ) : null}
      <div className="bs-outline__tree" ref={boxRef}>
        {tree.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={readOnly ? '没有章节' : '还没有目录，先添加一级章节'}
          />
        ) : (
          <Tree
            blockNode
            showLine={{ showLeafIcon: false }}
            height={height}
            treeData={treeData}
            draggable={readOnly || busy ? false : { icon: false }}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selectedId ? [selectedId] : []}
            onSelect={(keys) => {
              if (keys.length) onSelect(String(keys[0]));
            }}
            onDrop={onDrop}
            titleRender={titleRender}
          />
        )}
      </div>
      {settingsFor ? (
        <ChapterSettingsModal
          chapter={settingsFor}
          onClose={(changed) => {
            setSettingsFor(null);
            if (changed) void invalidateOutline(qc, bidId);
          }}
        />
      ) : null}
    </div>
  );
}

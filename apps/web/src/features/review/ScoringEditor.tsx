import { useState } from 'react';
import {
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import {
  DeleteOutlined,
  MergeCellsOutlined,
  PlusOutlined,
  ScissorOutlined,
  SnippetsOutlined,
} from '@ant-design/icons';
import { SCORING_CATEGORIES, SCORING_CATEGORY_LABELS, type Lot, type ScoringItem } from '@bid/shared';
import {
  mergeItems,
  newItem,
  removeItem,
  splitItem,
  splitPoints,
  updateItem,
  type SplitPart,
} from './draft.ts';
import { SourceButton, type PassageRequest } from './SourcePassage.tsx';

const CATEGORY_OPTIONS = SCORING_CATEGORIES.map((c) => ({ value: c, label: SCORING_CATEGORY_LABELS[c] }));

/**
 * The scoring items as an editable table: category, name, points, criteria and source on every row;
 * add, delete (asked first), merge two selected rows, split a row in two.
 */
export function ScoringEditor({
  items,
  lots,
  readOnly,
  badRows,
  onChange,
  onPaste,
  openPassage,
}: {
  items: ScoringItem[];
  /** The tender's 包 when an item may be moved between them (interpretations); empty otherwise. */
  lots: Lot[];
  readOnly: boolean;
  /** Rows the draft's problems are about (marked red). */
  badRows: Set<number>;
  onChange: (items: ScoringItem[]) => void;
  onPaste: () => void;
  openPassage: (p: PassageRequest) => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [merging, setMerging] = useState<[ScoringItem, ScoringItem] | null>(null);
  const [splitting, setSplitting] = useState<ScoringItem | null>(null);
  const edit = (id: string, patch: Partial<ScoringItem>) => onChange(updateItem(items, id, patch));
  const pair = items.filter((i) => selected.includes(i.id));

  const add = () => {
    const it = newItem(items);
    onChange([...items, it]);
    // The new row's name field takes the focus once it is rendered.
    setTimeout(() => document.querySelector<HTMLInputElement>(`[data-item="${it.id}"] input`)?.focus(), 50);
  };

  return (
    <div className="rv-scoring">
      {readOnly ? null : (
        <Space wrap className="rv-toolbar">
          <Button icon={<PlusOutlined />} onClick={add} data-testid="review-add-item">
            添加评分项
          </Button>
          <Tooltip title="勾选两行后合并为一项（例如一个评分项的名称被拆成了两行）">
            <Button
              icon={<MergeCellsOutlined />}
              disabled={pair.length !== 2}
              onClick={() => setMerging([pair[0], pair[1]])}
              data-testid="review-merge"
            >
              合并所选两项
            </Button>
          </Tooltip>
          <Button icon={<SnippetsOutlined />} onClick={onPaste} data-testid="review-paste">
            只粘贴评分表
          </Button>
          <Typography.Text type="secondary">
            共 {items.length} 项{selected.length ? `，已勾选 ${selected.length} 项` : ''}
          </Typography.Text>
        </Space>
      )}
      <Table<ScoringItem>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={items}
        data-testid="review-scoring"
        rowSelection={
          readOnly
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (keys) =>
                  setSelected(keys.map(String).filter((k) => items.some((i) => i.id === k))),
                columnWidth: 36,
              }
        }
        onRow={(r, i) =>
          ({
            'data-testid': 'review-row',
            'data-name': r.name,
            className: badRows.has(i ?? -1) ? 'rv-row is-bad' : 'rv-row',
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="没有识别到评分项。可以点“只粘贴评分表”粘贴招标文件的评分办法，或逐项添加。"
            />
          ),
        }}
        columns={[
          {
            title: '类别',
            width: 96,
            render: (_, r) => (
              <Select
                size="small"
                value={r.category}
                options={CATEGORY_OPTIONS}
                disabled={readOnly}
                onChange={(category) => edit(r.id, { category })}
                style={{ width: 80 }}
                aria-label="类别"
                data-testid="review-item-category"
              />
            ),
          },
          {
            title: '评分因素',
            width: 230,
            render: (_, r) => (
              <div data-item={r.id}>
                {r.group ? (
                  <Typography.Text type="secondary" className="rv-group">
                    {r.group}
                  </Typography.Text>
                ) : null}
                <Input
                  size="small"
                  value={r.name}
                  disabled={readOnly}
                  maxLength={200}
                  placeholder="评分因素名称"
                  status={r.name.trim() ? undefined : 'error'}
                  onChange={(e) => edit(r.id, { name: e.target.value })}
                  aria-label="评分因素"
                  data-testid="review-item-name"
                />
              </div>
            ),
          },
          {
            title: '分值',
            width: 90,
            render: (_, r) => (
              <InputNumber
                size="small"
                value={r.points}
                min={0}
                max={1000}
                disabled={readOnly}
                placeholder="未写明"
                onChange={(v) => edit(r.id, { points: typeof v === 'number' ? v : null })}
                style={{ width: 76 }}
                aria-label="分值"
                data-testid="review-item-points"
              />
            ),
          },
          {
            title: '评分标准',
            render: (_, r) => (
              <Input.TextArea
                size="small"
                value={r.criteria}
                disabled={readOnly}
                maxLength={4000}
                autoSize={{ minRows: 1, maxRows: 4 }}
                placeholder="评分标准（可不填）"
                onChange={(e) => edit(r.id, { criteria: e.target.value })}
                aria-label="评分标准"
                data-testid="review-item-criteria"
              />
            ),
          },
          ...(lots.length
            ? [
                {
                  title: '采购包',
                  width: 120,
                  render: (_: unknown, r: ScoringItem) => (
                    <Select
                      size="small"
                      value={r.lot ?? 0}
                      disabled={readOnly}
                      onChange={(v: number) => edit(r.id, { lot: v || null })}
                      options={[
                        { value: 0, label: '全部' },
                        ...lots.map((l) => ({ value: l.no, label: `第 ${l.no} 包` })),
                      ]}
                      style={{ width: 104 }}
                      aria-label="采购包"
                    />
                  ),
                },
              ]
            : []),
          {
            title: '出处',
            width: 76,
            render: (_, r) => (
              <SourceButton
                span={r.source}
                onOpen={() => r.source && openPassage({ title: r.name, span: r.source })}
              />
            ),
          },
          ...(readOnly
            ? []
            : [
                {
                  title: '操作',
                  width: 92,
                  render: (_: unknown, r: ScoringItem) => (
                    <Space size={0}>
                      <Tooltip title="拆分为两项">
                        <Button
                          type="text"
                          size="small"
                          icon={<ScissorOutlined />}
                          aria-label="拆分"
                          onClick={() => setSplitting(r)}
                          data-testid="review-split"
                        />
                      </Tooltip>
                      <Popconfirm
                        title="删除这一评分项？"
                        description="确认后大纲不再为它安排章节。"
                        okText="删除"
                        cancelText="取消"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => {
                          onChange(removeItem(items, r.id));
                          setSelected((s) => s.filter((k) => k !== r.id));
                        }}
                      >
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label="删除"
                          data-testid="review-delete"
                        />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]),
        ]}
      />
      {merging ? (
        <MergeDialog
          pair={merging}
          onClose={() => setMerging(null)}
          onMerge={(name) => {
            onChange(mergeItems(items, [merging[0].id, merging[1].id], name));
            setSelected([]);
            setMerging(null);
          }}
        />
      ) : null}
      {splitting ? (
        <SplitDialog
          item={splitting}
          onClose={() => setSplitting(null)}
          onSplit={(parts) => {
            onChange(splitItem(items, splitting.id, parts));
            setSplitting(null);
          }}
        />
      ) : null}
    </div>
  );
}

function MergeDialog({
  pair,
  onMerge,
  onClose,
}: {
  pair: [ScoringItem, ScoringItem];
  onMerge: (name: string) => void;
  onClose: () => void;
}) {
  const [a, b] = pair;
  const [name, setName] = useState(`${a.name}${b.name}`);
  const points = a.points == null && b.points == null ? '未写明' : `${(a.points ?? 0) + (b.points ?? 0)} 分`;
  return (
    <Modal
      open
      title="合并两项评分项"
      okText="合并"
      cancelText="取消"
      onOk={() => onMerge(name)}
      okButtonProps={{ disabled: !name.trim(), 'data-testid': 'review-merge-ok' }}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        「{a.name}」和「{b.name}」合并为一项，分值相加（{points}），评分标准前后相接。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="合并后的名称">
          <Input
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
            data-testid="review-merge-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SplitDialog({
  item,
  onSplit,
  onClose,
}: {
  item: ScoringItem;
  onSplit: (parts: [SplitPart, SplitPart]) => void;
  onClose: () => void;
}) {
  const [p1, p2] = splitPoints(item.points);
  const [parts, setParts] = useState<[SplitPart, SplitPart]>([
    { name: item.name, points: p1 },
    { name: '', points: p2 },
  ]);
  const set = (i: 0 | 1, patch: Partial<SplitPart>) =>
    setParts((ps) => (i === 0 ? [{ ...ps[0], ...patch }, ps[1]] : [ps[0], { ...ps[1], ...patch }]));
  return (
    <Modal
      open
      title="拆分为两项"
      okText="拆分"
      cancelText="取消"
      onOk={() => onSplit(parts)}
      okButtonProps={{
        disabled: !parts[0].name.trim() || !parts[1].name.trim(),
        'data-testid': 'review-split-ok',
      }}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        「{item.name}」{item.points != null ? `（${item.points} 分）` : ''}
        拆成两项，类别和评分标准两项相同，拆好后可以分别修改。
      </Typography.Paragraph>
      {([0, 1] as const).map((i) => (
        <Space key={i} align="start" style={{ display: 'flex', marginBottom: 8 }}>
          <Input
            value={parts[i].name}
            maxLength={200}
            placeholder={i === 0 ? '第一项名称' : '第二项名称'}
            onChange={(e) => set(i, { name: e.target.value })}
            style={{ width: 300 }}
            data-testid={`review-split-name-${i}`}
          />
          <Space.Compact style={{ width: 120 }}>
            <InputNumber
              value={parts[i].points}
              min={0}
              max={1000}
              placeholder="分值"
              onChange={(v) => set(i, { points: typeof v === 'number' ? v : null })}
              style={{ width: '100%' }}
              data-testid={`review-split-points-${i}`}
            />
            <Space.Addon>分</Space.Addon>
          </Space.Compact>
        </Space>
      ))}
    </Modal>
  );
}

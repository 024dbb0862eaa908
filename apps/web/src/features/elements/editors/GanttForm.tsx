import { Button, Checkbox, Input, InputNumber, Radio, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GanttModel, GanttTask } from '@bid/document/diagrams/index';

export interface GanttFormProps {
  value: GanttModel;
  onChange(next: GanttModel): void;
}

function nextId(tasks: GanttTask[]): string {
  const ids = new Set(tasks.map((t) => t.id));
  let i = tasks.length + 1;
  while (ids.has(`t${i}`)) i++;
  return `t${i}`;
}

/** The task table of a Gantt chart: name, phase, start, duration, milestone, predecessors. */
export function GanttForm({ value, onChange }: GanttFormProps) {
  const unitName = value.unit === 'week' ? '周' : '天';
  const setTask = (id: string, patch: Partial<GanttTask>) =>
    onChange({ ...value, tasks: value.tasks.map((t) => (t.id === id ? { ...t, ...patch } : t)) });

  return (
    <div className="bs-el-form">
      <div className="bs-el-form__row">
        <span className="bs-el-form__label">时间单位</span>
        <Radio.Group
          value={value.unit}
          optionType="button"
          size="small"
          options={[
            { value: 'day', label: '日' },
            { value: 'week', label: '周' },
          ]}
          onChange={(e) => onChange({ ...value, unit: e.target.value })}
        />
        <span className="bs-el-form__label">开工日期</span>
        <Input
          aria-label="开工日期"
          type="date"
          style={{ width: 160 }}
          value={value.startDate ?? ''}
          onChange={(e) => onChange({ ...value, startDate: e.target.value || undefined })}
        />
      </div>
      <div className="bs-el-gantt-head">
        <span>任务名称</span>
        <span>阶段</span>
        <span>开始（第几{unitName}起，0 为开工）</span>
        <span>工期（{unitName}）</span>
        <span>里程碑</span>
        <span>紧前任务</span>
        <span />
      </div>
      {value.tasks.map((t, i) => (
        <div className="bs-el-gantt-row" key={t.id} data-testid="gantt-task">
          <Input
            aria-label={`任务${i + 1}名称`}
            value={t.name}
            maxLength={120}
            onChange={(e) => setTask(t.id, { name: e.target.value })}
          />
          <Input
            aria-label={`任务${i + 1}阶段`}
            value={t.group ?? ''}
            maxLength={40}
            onChange={(e) => setTask(t.id, { group: e.target.value || undefined })}
          />
          <InputNumber
            aria-label={`任务${i + 1}开始`}
            min={0}
            max={3660}
            value={t.start}
            onChange={(v) => setTask(t.id, { start: Number(v ?? 0) })}
          />
          <InputNumber
            aria-label={`任务${i + 1}工期`}
            min={0}
            max={3660}
            disabled={t.milestone}
            value={t.duration ?? (t.end !== undefined ? t.end - t.start : undefined)}
            onChange={(v) => setTask(t.id, { duration: Number(v ?? 0), end: undefined })}
          />
          <Checkbox
            aria-label={`任务${i + 1}里程碑`}
            checked={!!t.milestone}
            onChange={(e) =>
              setTask(
                t.id,
                e.target.checked ? { milestone: true } : { milestone: undefined, duration: t.duration ?? 1 },
              )
            }
          />
          <Select
            aria-label={`任务${i + 1}紧前任务`}
            mode="multiple"
            value={t.dependsOn ?? []}
            maxTagCount={2}
            options={value.tasks
              .filter((o) => o.id !== t.id)
              .map((o) => ({ value: o.id, label: o.name || o.id }))}
            onChange={(deps: string[]) => setTask(t.id, { dependsOn: deps })}
          />
          <Button
            aria-label="删除任务"
            icon={<DeleteOutlined />}
            disabled={value.tasks.length <= 1}
            onClick={() =>
              onChange({
                ...value,
                tasks: value.tasks
                  .filter((x) => x.id !== t.id)
                  .map((x) => ({ ...x, dependsOn: (x.dependsOn ?? []).filter((d) => d !== t.id) })),
              })
            }
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => {
          const last = value.tasks[value.tasks.length - 1];
          const start = last ? last.start + (last.milestone ? 0 : (last.duration ?? 0)) : 0;
          onChange({
            ...value,
            tasks: [
              ...value.tasks,
              {
                id: nextId(value.tasks),
                name: '新任务',
                group: last?.group,
                start,
                duration: 10,
                dependsOn: last ? [last.id] : [],
              },
            ],
          });
        }}
      >
        添加任务
      </Button>
    </div>
  );
}

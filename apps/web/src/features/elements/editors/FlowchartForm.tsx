import { Button, Input, Radio, Select, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FLOW_SHAPES,
  FLOW_SHAPE_LABELS,
  type FlowchartModel,
  type FlowShape,
} from '@bid/document/diagrams/index';

export interface FlowchartFormProps {
  value: FlowchartModel;
  onChange(next: FlowchartModel): void;
}

function nextId(nodes: FlowchartModel['nodes']): string {
  let i = nodes.length + 1;
  const ids = new Set(nodes.map((n) => n.id));
  while (ids.has(`n${i}`)) i++;
  return `n${i}`;
}

/** Nodes (text and shape) and connections (from, to, label) of a flowchart. */
export function FlowchartForm({ value, onChange }: FlowchartFormProps) {
  const { nodes, edges } = value;
  const setNodes = (n: FlowchartModel['nodes'], e = edges) => onChange({ ...value, nodes: n, edges: e });
  const options = nodes.map((n) => ({ value: n.id, label: n.label || '（未命名）' }));

  return (
    <div className="bs-el-form">
      <div className="bs-el-form__row">
        <span className="bs-el-form__label">方向</span>
        <Radio.Group
          value={value.direction}
          onChange={(e) => onChange({ ...value, direction: e.target.value })}
          options={[
            { value: 'TB', label: '自上而下' },
            { value: 'LR', label: '从左到右' },
          ]}
          optionType="button"
          size="small"
        />
      </div>
      <div className="bs-el-form__section">节点</div>
      {nodes.map((n, i) => (
        <div className="bs-el-form__row" key={n.id} data-testid="flow-node">
          <Input
            aria-label={`节点${i + 1}文字`}
            value={n.label}
            maxLength={120}
            placeholder="节点文字"
            onChange={(e) =>
              setNodes(nodes.map((x) => (x.id === n.id ? { ...x, label: e.target.value } : x)))
            }
          />
          <Select<FlowShape>
            aria-label={`节点${i + 1}形状`}
            value={n.shape}
            style={{ width: 120 }}
            options={FLOW_SHAPES.map((s) => ({ value: s, label: FLOW_SHAPE_LABELS[s] }))}
            onChange={(shape) => setNodes(nodes.map((x) => (x.id === n.id ? { ...x, shape } : x)))}
          />
          <Tooltip title="删除节点及其连线">
            <Button
              aria-label="删除节点"
              icon={<DeleteOutlined />}
              disabled={nodes.length <= 1}
              onClick={() =>
                setNodes(
                  nodes.filter((x) => x.id !== n.id),
                  edges.filter((e) => e.from !== n.id && e.to !== n.id),
                )
              }
            />
          </Tooltip>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => {
          const id = nextId(nodes);
          const last = nodes[nodes.length - 1];
          // A new step follows the last one: most flowcharts grow at the end.
          setNodes(
            [...nodes, { id, label: '新步骤', shape: 'process' }],
            last ? [...edges, { from: last.id, to: id, label: undefined }] : edges,
          );
        }}
      >
        添加节点
      </Button>
      <div className="bs-el-form__section">连线</div>
      {edges.map((e, i) => (
        <div className="bs-el-form__row" key={`${i}-${e.from}-${e.to}`} data-testid="flow-edge">
          <Select
            aria-label={`连线${i + 1}起点`}
            value={e.from}
            options={options}
            style={{ flex: 1, minWidth: 0 }}
            onChange={(from) =>
              onChange({ ...value, edges: edges.map((x, j) => (j === i ? { ...x, from } : x)) })
            }
          />
          <span className="bs-el-form__arrow">→</span>
          <Select
            aria-label={`连线${i + 1}终点`}
            value={e.to}
            options={options}
            style={{ flex: 1, minWidth: 0 }}
            onChange={(to) =>
              onChange({ ...value, edges: edges.map((x, j) => (j === i ? { ...x, to } : x)) })
            }
          />
          <Input
            aria-label={`连线${i + 1}文字`}
            value={e.label ?? ''}
            placeholder="文字（如 是/否）"
            style={{ width: 120 }}
            maxLength={40}
            onChange={(ev) =>
              onChange({
                ...value,
                edges: edges.map((x, j) => (j === i ? { ...x, label: ev.target.value || undefined } : x)),
              })
            }
          />
          <Button
            aria-label="删除连线"
            icon={<DeleteOutlined />}
            onClick={() => onChange({ ...value, edges: edges.filter((_, j) => j !== i) })}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={nodes.length < 2}
        onClick={() =>
          onChange({
            ...value,
            edges: [...edges, { from: nodes[0].id, to: nodes[nodes.length - 1].id, label: undefined }],
          })
        }
      >
        添加连线
      </Button>
    </div>
  );
}

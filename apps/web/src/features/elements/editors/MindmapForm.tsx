import { Button, Input, Tooltip } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import type { MindNode, MindmapModel } from '@bid/document/diagrams/index';

export interface MindmapFormProps {
  value: MindmapModel;
  onChange(next: MindmapModel): void;
}

/** A node path from the root: [] is the root, [1, 0] the first child of the second branch. */
type Path = number[];

function at(root: MindNode, path: Path): MindNode {
  return path.reduce<MindNode>((n, i) => n.children![i], root);
}

/** A copy of the tree with `fn` applied to the children list of the node at `path`. */
function editChildren(root: MindNode, path: Path, fn: (kids: MindNode[]) => MindNode[]): MindNode {
  if (!path.length) {
    const kids = fn([...(root.children ?? [])]);
    return kids.length ? { ...root, children: kids } : { text: root.text };
  }
  const [head, ...rest] = path;
  const kids = [...(root.children ?? [])];
  kids[head] = editChildren(kids[head], rest, fn);
  return { ...root, children: kids };
}

function flatten(root: MindNode): Array<{ path: Path; node: MindNode }> {
  const out: Array<{ path: Path; node: MindNode }> = [];
  const walk = (n: MindNode, path: Path) => {
    out.push({ path, node: n });
    (n.children ?? []).forEach((c, i) => walk(c, [...path, i]));
  };
  walk(root, []);
  return out;
}

/** The mind map as an indented list: edit text, add child or sibling, indent/outdent, delete. */
export function MindmapForm({ value, onChange }: MindmapFormProps) {
  const root = value.root;
  const set = (r: MindNode) => onChange({ root: r });

  const setText = (path: Path, text: string) => {
    if (!path.length) return set({ ...root, text });
    const parent = path.slice(0, -1);
    const idx = path[path.length - 1];
    set(editChildren(root, parent, (kids) => kids.map((k, i) => (i === idx ? { ...k, text } : k))));
  };
  const addChild = (path: Path) => set(editChildren(root, path, (kids) => [...kids, { text: '新节点' }]));
  const addSibling = (path: Path) => {
    const parent = path.slice(0, -1);
    const idx = path[path.length - 1];
    set(
      editChildren(root, parent, (kids) => [
        ...kids.slice(0, idx + 1),
        { text: '新节点' },
        ...kids.slice(idx + 1),
      ]),
    );
  };
  const remove = (path: Path) => {
    const parent = path.slice(0, -1);
    const idx = path[path.length - 1];
    set(editChildren(root, parent, (kids) => kids.filter((_, i) => i !== idx)));
  };
  /** Becomes the last child of its previous sibling. */
  const indent = (path: Path) => {
    const idx = path[path.length - 1];
    if (idx === 0) return;
    const parent = path.slice(0, -1);
    const moved = at(root, path);
    let next = editChildren(root, parent, (kids) => kids.filter((_, i) => i !== idx));
    next = editChildren(next, [...parent, idx - 1], (kids) => [...kids, moved]);
    set(next);
  };
  /** Becomes the next sibling of its parent. */
  const outdent = (path: Path) => {
    if (path.length < 2) return;
    const parent = path.slice(0, -1);
    const grand = parent.slice(0, -1);
    const pIdx = parent[parent.length - 1];
    const moved = at(root, path);
    let next = editChildren(root, parent, (kids) => kids.filter((_, i) => i !== path[path.length - 1]));
    next = editChildren(next, grand, (kids) => [...kids.slice(0, pIdx + 1), moved, ...kids.slice(pIdx + 1)]);
    set(next);
  };

  return (
    <div className="bs-el-form">
      {flatten(root).map(({ path, node }) => (
        <div
          className="bs-el-form__row"
          key={path.join('.') || 'root'}
          style={{ paddingLeft: path.length * 20 }}
          data-testid="mind-node"
        >
          <Input
            aria-label={path.length ? `第${path.length}级节点` : '中心主题'}
            value={node.text}
            maxLength={120}
            onChange={(e) => setText(path, e.target.value)}
            style={path.length ? undefined : { fontWeight: 600 }}
          />
          <Tooltip title="添加下级">
            <Button
              aria-label="添加下级"
              icon={<SubnodeOutlined />}
              disabled={path.length >= 5}
              onClick={() => addChild(path)}
            />
          </Tooltip>
          {path.length ? (
            <>
              <Tooltip title="添加同级">
                <Button aria-label="添加同级" icon={<PlusOutlined />} onClick={() => addSibling(path)} />
              </Tooltip>
              <Tooltip title="升级">
                <Button
                  aria-label="升级"
                  icon={<ArrowLeftOutlined />}
                  disabled={path.length < 2}
                  onClick={() => outdent(path)}
                />
              </Tooltip>
              <Tooltip title="降级">
                <Button
                  aria-label="降级"
                  icon={<ArrowRightOutlined />}
                  disabled={path[path.length - 1] === 0}
                  onClick={() => indent(path)}
                />
              </Tooltip>
              <Tooltip title="删除（含下级）">
                <Button aria-label="删除节点" icon={<DeleteOutlined />} onClick={() => remove(path)} />
              </Tooltip>
            </>
          ) : null}
        </div>
      ))}
    </div>
  );
}

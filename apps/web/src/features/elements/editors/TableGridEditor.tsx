import { Button, Input, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

export interface TableModel {
  caption: string;
  columns: string[];
  rows: string[][];
}

/** Rows and columns of a generated table, edited as a grid before it goes into the chapter. */
export function TableGridEditor({
  value,
  onChange,
}: {
  value: TableModel;
  onChange(next: TableModel): void;
}) {
  const { columns, rows } = value;
  const setCell = (r: number, c: number, text: string) =>
    onChange({
      ...value,
      rows: rows.map((row, i) => (i === r ? row.map((x, j) => (j === c ? text : x)) : row)),
    });
  return (
    <div className="bs-el-grid">
      <div className="bs-el-form__row">
        <span className="bs-el-form__label">表题</span>
        <Input
          aria-label="表题"
          value={value.caption}
          maxLength={80}
          onChange={(e) => onChange({ ...value, caption: e.target.value })}
        />
      </div>
      <div className="bs-el-grid__scroll">
        <table className="bs-el-grid__table">
          <thead>
            <tr>
              {columns.map((c, j) => (
                <th key={j}>
                  <div className="bs-el-grid__head">
                    <Input
                      aria-label={`第${j + 1}列标题`}
                      value={c}
                      onChange={(e) =>
                        onChange({ ...value, columns: columns.map((x, k) => (k === j ? e.target.value : x)) })
                      }
                    />
                    <Tooltip title="删除此列">
                      <Button
                        size="small"
                        type="text"
                        aria-label="删除列"
                        icon={<DeleteOutlined />}
                        disabled={columns.length <= 1}
                        onClick={() =>
                          onChange({
                            ...value,
                            columns: columns.filter((_, k) => k !== j),
                            rows: rows.map((r) => r.filter((_, k) => k !== j)),
                          })
                        }
                      />
                    </Tooltip>
                  </div>
                </th>
              ))}
              <th className="bs-el-grid__tools" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>
                    <Input.TextArea
                      aria-label={`第${i + 1}行第${j + 1}列`}
                      value={cell}
                      autoSize={{ minRows: 1, maxRows: 4 }}
                      onChange={(e) => setCell(i, j, e.target.value)}
                    />
                  </td>
                ))}
                <td className="bs-el-grid__tools">
                  <Button
                    size="small"
                    type="text"
                    aria-label="删除行"
                    icon={<DeleteOutlined />}
                    disabled={rows.length <= 1}
                    onClick={() => onChange({ ...value, rows: rows.filter((_, k) => k !== i) })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="bs-el-form__row">
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() =>
            onChange({
              ...value,
              rows: [
                ...rows,
                columns.map((_, j) => (j === 0 && /序号/.test(columns[0]) ? String(rows.length + 1) : '')),
              ],
            })
          }
        >
          添加行
        </Button>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={columns.length >= 8}
          onClick={() =>
            onChange({ ...value, columns: [...columns, '新列'], rows: rows.map((r) => [...r, '']) })
          }
        >
          添加列
        </Button>
      </div>
    </div>
  );
}

interface PMNodeLike {
  type: string;
  attrs?: Record<string, unknown>;
  content?: PMNodeLike[];
  text?: string;
}

function textOf(n: PMNodeLike | undefined): string {
  if (!n) return '';
  if (n.type === 'text') return n.text ?? '';
  return (n.content ?? []).map(textOf).join(n.type === 'tableCell' || n.type === 'tableHeader' ? '\n' : '');
}

/** The grid of a document table node (the first row is the header). */
export function tableModelOf(node: PMNodeLike, caption: string): TableModel {
  const rows = (node.content ?? []).map((r) => (r.content ?? []).map((c) => textOf(c).trim()));
  const width = Math.max(1, ...rows.map((r) => r.length));
  const pad = (r: string[]) => [...r, ...Array(width - r.length).fill('')];
  return { caption, columns: pad(rows[0] ?? []), rows: rows.slice(1).map(pad) };
}

function cellNode(type: 'tableHeader' | 'tableCell', text: string): PMNodeLike {
  return {
    type,
    attrs: { colspan: 1, rowspan: 1, colwidth: null },
    content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }],
  };
}

/** Back to the document's table node (header row of tableHeader cells). */
export function tableNodeOf(t: TableModel): PMNodeLike {
  return {
    type: 'table',
    content: [
      { type: 'tableRow', content: t.columns.map((c) => cellNode('tableHeader', c)) },
      ...t.rows.map((r) => ({ type: 'tableRow', content: r.map((c) => cellNode('tableCell', c)) })),
    ],
  };
}

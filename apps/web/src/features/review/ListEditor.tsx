import type { ReactNode } from 'react';
import { Button, Empty, Input, Popconfirm, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SourceSpan } from '@bid/shared';
import { SourceButton, type PassageRequest } from './SourcePassage.tsx';

/**
 * A simple editable list (★/▲ clauses, 废标 clauses, the tender's bid outline): each row's text, an
 * optional control before it (a mark, a level), its source; add at the end, delete after asking.
 */
export function ListEditor<T>({
  rows,
  onChange,
  readOnly,
  make,
  text,
  withText,
  source,
  before,
  maxLength,
  multiline = true,
  empty,
  addLabel,
  deleteTitle,
  placeholder,
  badRows,
  openPassage,
  testId,
}: {
  rows: T[];
  onChange: (rows: T[]) => void;
  readOnly: boolean;
  make: () => T;
  text: (r: T) => string;
  withText: (r: T, text: string) => T;
  source: (r: T) => SourceSpan | null | undefined;
  /** A control shown before the text (it changes the row through `set`). */
  before?: (r: T, set: (next: T) => void) => ReactNode;
  maxLength: number;
  multiline?: boolean;
  empty: string;
  addLabel: string;
  deleteTitle: string;
  placeholder: string;
  badRows: Set<number>;
  openPassage: (p: PassageRequest) => void;
  testId: string;
}) {
  const set = (i: number, next: T) => onChange(rows.map((r, j) => (j === i ? next : r)));
  return (
    <div className="rv-list" data-testid={testId}>
      {rows.length ? (
        rows.map((r, i) => {
          const span = source(r);
          return (
            <div
              key={i}
              className={badRows.has(i) ? 'rv-list__row is-bad' : 'rv-list__row'}
              data-testid={`${testId}-row`}
            >
              <span className="rv-list__no">{i + 1}</span>
              {before ? before(r, (next) => set(i, next)) : null}
              {multiline ? (
                <Input.TextArea
                  value={text(r)}
                  disabled={readOnly}
                  maxLength={maxLength}
                  autoSize={{ minRows: 1, maxRows: 5 }}
                  placeholder={placeholder}
                  status={text(r).trim() ? undefined : 'error'}
                  onChange={(e) => set(i, withText(r, e.target.value))}
                  className="rv-list__text"
                />
              ) : (
                <Input
                  value={text(r)}
                  disabled={readOnly}
                  maxLength={maxLength}
                  placeholder={placeholder}
                  status={text(r).trim() ? undefined : 'error'}
                  onChange={(e) => set(i, withText(r, e.target.value))}
                  className="rv-list__text"
                />
              )}
              <SourceButton span={span} onOpen={() => span && openPassage({ title: text(r), span })} />
              {readOnly ? null : (
                <Popconfirm
                  title={deleteTitle}
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" />
                </Popconfirm>
              )}
            </div>
          );
        })
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      )}
      {readOnly ? null : (
        <Space className="rv-list__add">
          <Button
            icon={<PlusOutlined />}
            onClick={() => onChange([...rows, make()])}
            data-testid={`${testId}-add`}
          >
            {addLabel}
          </Button>
        </Space>
      )}
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { Button, Divider, Dropdown, Input, Modal, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';

function Tool({
  title,
  active,
  disabled,
  onClick,
  children,
}: {
  title: string;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={false}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** Formatting, headings, lists, tables with merged cells, images, undo. */
export function EditorToolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [imageOpen, setImageOpen] = useState(false);
  const [imageUrl, setImageUrl] = useState('');
  const chain = () => editor.chain().focus();
  const off = disabled;

  const tableItems = [
    {
      key: 'insert',
      label: '插入表格（3×3）',
      disabled: s.inTable,
      onClick: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    { key: 'merge', label: '合并单元格', disabled: !s.inTable, onClick: () => chain().mergeCells().run() },
    { key: 'split', label: '拆分单元格', disabled: !s.inTable, onClick: () => chain().splitCell().run() },
    {
      key: 'rowAfter',
      label: '下方插入行',
      disabled: !s.inTable,
      onClick: () => chain().addRowAfter().run(),
    },
    {
      key: 'colAfter',
      label: '右侧插入列',
      disabled: !s.inTable,
      onClick: () => chain().addColumnAfter().run(),
    },
    { key: 'delRow', label: '删除行', disabled: !s.inTable, onClick: () => chain().deleteRow().run() },
    { key: 'delCol', label: '删除列', disabled: !s.inTable, onClick: () => chain().deleteColumn().run() },
    {
      key: 'delTable',
      label: '删除表格',
      danger: true,
      disabled: !s.inTable,
      onClick: () => chain().deleteTable().run(),
    },
  ];

  return (
    <div className="bs-editor-toolbar" role="toolbar" aria-label="编辑工具栏">
      <Tool title="撤销" disabled={off || !s.canUndo} onClick={() => chain().undo().run()}>
        <UndoOutlined />
      </Tool>
      <Tool title="重做" disabled={off || !s.canRedo} onClick={() => chain().redo().run()}>
        <RedoOutlined />
      </Tool>
      <Divider orientation="vertical" />
      <Tool
        title="一级标题"
        active={s.h1}
        disabled={off}
        onClick={() => chain().toggleHeading({ level: 1 }).run()}
      >
        H1
      </Tool>
      <Tool
        title="二级标题"
        active={s.h2}
        disabled={off}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </Tool>
      <Tool
        title="三级标题"
        active={s.h3}
        disabled={off}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </Tool>
      <Divider orientation="vertical" />
      <Tool title="加粗" active={s.bold} disabled={off} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined />
      </Tool>
      <Tool title="斜体" active={s.italic} disabled={off} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </Tool>
      <Tool
        title="下划线"
        active={s.underline}
        disabled={off}
        onClick={() => chain().toggleUnderline().run()}
      >
        <UnderlineOutlined />
      </Tool>
      <Tool title="删除线" active={s.strike} disabled={off} onClick={() => chain().toggleStrike().run()}>
        <StrikethroughOutlined />
      </Tool>
      <Divider orientation="vertical" />
      <Tool
        title="无序列表"
        active={s.bullet}
        disabled={off}
        onClick={() => chain().toggleBulletList().run()}
      >
        <UnorderedListOutlined />
      </Tool>
      <Tool
        title="有序列表"
        active={s.ordered}
        disabled={off}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListOutlined />
      </Tool>
      <Divider orientation="vertical" />
      <Dropdown disabled={off} trigger={['click']} menu={{ items: tableItems }}>
        <Button
          size="small"
          type={s.inTable ? 'primary' : 'text'}
          aria-label="表格"
          icon={<TableOutlined />}
          onMouseDown={(e) => e.preventDefault()}
        >
          表格
        </Button>
      </Dropdown>
      <Tool title="插入图片" disabled={off} onClick={() => setImageOpen(true)}>
        <PictureOutlined />
      </Tool>
      <Modal
        open={imageOpen}
        title="插入图片"
        okText="插入"
        onCancel={() => setImageOpen(false)}
        onOk={() => {
          const src = imageUrl.trim();
          if (/^(https?:\/\/|\/)/.test(src)) chain().setImage({ src }).run();
          setImageOpen(false);
          setImageUrl('');
        }}
        destroyOnHidden
      >
        <Input
          placeholder="图片地址，例如 https://… 或图片库中的地址"
          value={imageUrl}
          onChange={(e) => setImageUrl(e.target.value)}
        />
      </Modal>
    </div>
  );
}

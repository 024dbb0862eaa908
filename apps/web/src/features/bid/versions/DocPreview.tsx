import { useMemo } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import type { JSONContent } from '@tiptap/core';
import { editorExtensions } from '../editor/extensions.ts';

/** A read-only rendering of a chapter document (version previews): the same schema as the editor. */
export function DocPreview({ content }: { content: JSONContent }) {
  const extensions = useMemo(() => editorExtensions(), []);
  const editor = useEditor(
    { extensions, editable: false, content, editorProps: { attributes: { class: 'bs-prose' } } },
    [content],
  );
  return (
    <div className="bs-editor-surface is-readonly bs-doc-preview">
      <EditorContent editor={editor} />
    </div>
  );
}

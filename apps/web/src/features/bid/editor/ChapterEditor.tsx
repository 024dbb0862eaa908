import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CloudSyncOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import type { JSONContent } from '@tiptap/core';
import type { CatalogDetail, UpdateContentResult } from '@bid/shared';
import { docWordCount, type PMNode } from '@bid/document';
import { isApiError, isConflictError } from '../../../api/errors.ts';
import { toastSuccess } from '../../../utils/feedback.ts';
import { bidApi } from '../api.ts';
import {
  AutosaveController,
  clearDraft,
  readDraft,
  sameDoc,
  writeDraft,
  type LocalDraft,
  type SaveState,
  type ServerSide,
} from './autosave.ts';
import { ConflictDialog, type ConflictInfo } from './ConflictDialog.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { ChapterSources } from '../../knowledge/ChapterSources.tsx';
import { engineText } from '../../ai/writingJob.ts';
import { editorExtensions } from './extensions.ts';

/** What the workspace (and the AI panel) can do with the open chapter. */
export interface ChapterHandle {
  catalogId: string;
  editor: Editor;
  /** Saves what is pending now. */
  flush(): Promise<void>;
  /** Version the next save is based on. */
  baseVersion(): number;
  /** Puts a server text in the editor (after a restore or an AI write) without saving it back. */
  applyServer(version: number, content: JSONContent): void;
  /** Reloads the chapter from the server (pending edits are saved first). */
  reload(): Promise<void>;
  hasUnsaved(): boolean;
}

export interface ChapterEditorProps {
  catalogId: string;
  readOnly: boolean;
  onSaved?(result: UpdateContentResult): void;
  onReady?(handle: ChapterHandle | null): void;
}

const EMPTY: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

const STATE_VIEW: Record<SaveState, { icon: React.ReactNode; text: string; color?: string }> = {
  saved: { icon: <CheckCircleOutlined />, text: '已保存', color: 'success' },
  dirty: { icon: <CloudSyncOutlined />, text: '有未保存的修改' },
  saving: { icon: <LoadingOutlined />, text: '保存中…', color: 'processing' },
  error: { icon: <WarningOutlined />, text: '保存失败，稍后自动重试', color: 'error' },
  conflict: { icon: <ExclamationCircleOutlined />, text: '内容冲突，请选择保留哪个版本', color: 'warning' },
};

function conflictOf(error: unknown): ServerSide<JSONContent> | null {
  if (!isConflictError(error)) return null;
  const d = error.data as { version?: unknown; content?: unknown } | null | undefined;
  if (!d || typeof d.version !== 'number' || !d.content || typeof d.content !== 'object') return null;
  return { version: d.version, content: d.content as JSONContent };
}

/** Business answers (finished bid, removed chapter, too large, bad input) do not get better by retrying. */
function isFatal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'business';
}

/**
 * One chapter in TipTap: loads it, autosaves 1.5 s after typing stops with the version it was based
 * on, resolves a 409 with the writer, keeps a local draft until the server has the text, and is
 * read-only when the bid is finished.
 */
export function ChapterEditor({ catalogId, readOnly, onSaved, onReady }: ChapterEditorProps) {
  const [detail, setDetail] = useState<CatalogDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [fatal, setFatal] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [draft, setDraft] = useState<LocalDraft<JSONContent> | null>(null);
  const [wordCount, setWordCount] = useState(0);

  const lastDoc = useRef<JSONContent>(EMPTY);
  const loaded = useRef(false);
  const ctlRef = useRef<AutosaveController<JSONContent> | null>(null);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;

  const extensions = useMemo(() => editorExtensions(), []);
  const editor = useEditor(
    {
      extensions,
      editable: false,
      content: EMPTY,
      editorProps: {
        attributes: { class: 'bs-prose', 'data-testid': 'chapter-editor', spellcheck: 'false' },
      },
      onUpdate: ({ editor: e }) => {
        if (!loaded.current || !e.isEditable) return;
        const doc = e.getJSON();
        lastDoc.current = doc;
        // Counted as the server counts, so the figure is right before the next save answers.
        setWordCount(docWordCount(doc as PMNode));
        ctlRef.current?.markDirty();
        // The local copy is written a little behind the keystrokes, not on every one.
        if (draftTimer.current) clearTimeout(draftTimer.current);
        draftTimer.current = setTimeout(() => {
          const ctl = ctlRef.current;
          if (ctl?.hasUnsaved)
            writeDraft(catalogId, {
              baseVersion: ctl.baseVersion,
              content: lastDoc.current,
              savedAt: Date.now(),
            });
        }, 400);
      },
    },
    [catalogId],
  );

  const controller = useMemo(
    () =>
      new AutosaveController<JSONContent>({
        baseVersion: 0,
        save: async (doc, base) => {
          const r = await bidApi.saveContent(catalogId, doc, base);
          setWordCount(r.wordCount);
          onSavedRef.current?.(r);
          return r;
        },
        conflictOf,
        isFatal,
        getDoc: () => lastDoc.current,
        onState: setSaveState,
        onConflict: (server, mine) => setConflict({ server, mine }),
        onSaved: () => {
          if (!ctlRef.current?.hasUnsaved) clearDraft(catalogId);
        },
        onFatal: (e) => setFatal(isApiError(e) ? e.message : '保存失败'),
      }),
    [catalogId],
  );
  ctlRef.current = controller;

  useEffect(
    () => () => {
      // Leaving the chapter: what is pending is still sent (and the local draft stays until it lands).
      if (draftTimer.current) clearTimeout(draftTimer.current);
      void controller.flush().finally(() => controller.dispose());
    },
    [controller],
  );

  /** Puts a document in the editor after checking it against the schema: never edit a text the editor would mangle. */
  const applyContent = useCallback(
    (content: JSONContent, version: number): boolean => {
      if (!editor) return false;
      try {
        editor.schema.nodeFromJSON(content).check();
      } catch (e) {
        setInvalid(`本章包含编辑器无法识别的内容（${(e as Error).message}），为避免丢失内容已设为只读。`);
        editor.setEditable(false, false);
        return false;
      }
      loaded.current = false;
      editor.commands.setContent(content, { emitUpdate: false });
      lastDoc.current = editor.getJSON();
      setWordCount(docWordCount(lastDoc.current as PMNode));
      loaded.current = true;
      controller.reset(version);
      setFatal(null);
      editor.setEditable(!readOnlyRef.current, false);
      return true;
    },
    [editor, controller],
  );

  const load = useCallback(async () => {
    if (!editor) return;
    setLoadError(null);
    try {
      const d = await bidApi.chapter(catalogId);
      setDetail(d);
      setWordCount(d.wordCount);
      if (!applyContent(d.content as JSONContent, d.version)) return;
      const local = readDraft<JSONContent>(catalogId);
      if (local && !sameDoc(local.content, lastDoc.current) && !d.readOnly) setDraft(local);
      else if (local) clearDraft(catalogId);
    } catch (e) {
      setLoadError(isApiError(e) ? e.message : '章节加载失败');
    }
  }, [editor, catalogId, applyContent]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (editor && loaded.current && !invalid) editor.setEditable(!readOnly, false);
  }, [editor, readOnly, invalid]);

  // Closing the tab with unsaved text asks first (the local draft is kept either way).
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (controller.hasUnsaved) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [controller]);

  useEffect(() => {
    if (!editor || !onReady) return;
    onReady({
      catalogId,
      editor,
      flush: () => controller.flush(),
      baseVersion: () => controller.baseVersion,
      applyServer: (version, content) => {
        applyContent(content, version);
        clearDraft(catalogId);
        // What the write changed besides the text (engine, knowledge sources) shows in the status line.
        void bidApi
          .chapter(catalogId)
          .then((d) => setDetail(d))
          .catch(() => undefined);
      },
      reload: async () => {
        await controller.flush();
        await load();
      },
      hasUnsaved: () => controller.hasUnsaved,
    });
    return () => onReady(null);
  }, [editor, controller, catalogId, onReady, applyContent, load]);

  const resolveServer = () => {
    if (!conflict) return;
    applyContent(conflict.server.content, conflict.server.version);
    clearDraft(catalogId);
    setConflict(null);
  };
  const resolveMine = async () => {
    if (!conflict) return;
    const serverVersion = conflict.server.version;
    setConflict(null);
    // The text about to be overwritten is kept as a version first.
    await bidApi.saveContentVersion(catalogId, '被覆盖前的内容').catch(() => undefined);
    await controller.resolveConflict('mine', serverVersion);
  };

  if (loadError) {
    return (
      <Alert
        type="error"
        showIcon
        title="章节加载失败"
        description={loadError}
        action={
          <Button size="small" onClick={() => void load()}>
            重试
          </Button>
        }
      />
    );
  }

  const view = STATE_VIEW[saveState];
  const editable = !readOnly && !invalid && !fatal;
  return (
    <div className="bs-chapter-editor">
      {!detail ? <Spin className="bs-chapter-loading" /> : null}
      {invalid ? <Alert type="error" showIcon title={invalid} style={{ marginBottom: 8 }} /> : null}
      {fatal ? (
        <Alert
          type="error"
          showIcon
          title={`无法保存：${fatal}`}
          description="你的修改已保存在本机，刷新页面后可以恢复。"
          style={{ marginBottom: 8 }}
        />
      ) : null}
      {draft ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title="发现上次未保存到服务器的本地草稿"
          description={`保存于 ${new Date(draft.savedAt).toLocaleString('zh-CN')}。恢复后会保存为本章的最新内容（当前内容会先存为历史版本）。`}
          action={
            <Space orientation="vertical">
              <Button
                size="small"
                type="primary"
                data-testid="restore-draft"
                onClick={async () => {
                  const d = draft;
                  setDraft(null);
                  await bidApi.saveContentVersion(catalogId, '恢复本地草稿前的内容').catch(() => undefined);
                  if (!editor) return;
                  editor.commands.setContent(d.content, { emitUpdate: true });
                  toastSuccess('已恢复本地草稿');
                }}
              >
                恢复草稿
              </Button>
              <Button
                size="small"
                onClick={() => {
                  clearDraft(catalogId);
                  setDraft(null);
                }}
              >
                丢弃
              </Button>
            </Space>
          }
        />
      ) : null}
      {editor ? <EditorToolbar editor={editor} disabled={!editable} /> : null}
      <div className={`bs-editor-surface${editable ? '' : ' is-readonly'}`}>
        <EditorContent editor={editor} />
      </div>
      <div className="bs-editor-status">
        <Space size={12}>
          {readOnly ? (
            <Tag color="default">只读</Tag>
          ) : (
            <Tag icon={view.icon} color={view.color} data-testid="save-status" data-state={saveState}>
              {fatal ? '已停止保存' : view.text}
            </Tag>
          )}
          <Typography.Text type="secondary" data-testid="word-count">
            本章 {wordCount} 字{detail?.targetWords ? ` / 目标 ${detail.targetWords} 字` : ''}
          </Typography.Text>
          {detail?.engine ? (
            <Typography.Text type="secondary">
              写作引擎：{engineText(detail.engine)?.label ?? '其他'}
            </Typography.Text>
          ) : null}
          {detail?.sources?.length ? <ChapterSources sources={detail.sources} /> : null}
        </Space>
      </div>
      {conflict ? (
        <ConflictDialog
          conflict={conflict}
          onUseServer={resolveServer}
          onKeepMine={() => void resolveMine()}
          onCopied={() => {
            toastSuccess('已复制你的内容，可粘贴到需要的位置');
            resolveServer();
          }}
        />
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { JSONContent } from '@tiptap/core';
import { docText, type PMNode } from '@bid/document/model';
import { formatTime } from '@bid/shared';

export interface ConflictInfo {
  server: { version: number; content: JSONContent; updateTime?: string };
  mine: JSONContent;
}

export interface ConflictDialogProps {
  conflict: ConflictInfo;
  onUseServer(): void;
  onKeepMine(): void;
  /** Called after the writer's text is on the clipboard: the server version is taken next. */
  onCopied(): void;
}

const plain = (doc: JSONContent) => docText(doc as PMNode).trim();

/**
 * A stale save (409): the chapter was saved elsewhere (another tab, a colleague, the AI). Nothing is
 * overwritten until the writer picks; whatever they pick, neither text is lost.
 */
export function ConflictDialog({ conflict, onUseServer, onKeepMine, onCopied }: ConflictDialogProps) {
  const [copyFailed, setCopyFailed] = useState(false);
  const mineText = plain(conflict.mine);
  const serverText = plain(conflict.server.content);

  async function copyMine() {
    try {
      await navigator.clipboard.writeText(mineText);
      onCopied();
    } catch {
      // No clipboard permission: the text stays selectable below.
      setCopyFailed(true);
    }
  }

  return (
    <Modal
      open
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={860}
      title="本章已在别处保存了新内容"
      footer={
        <Space wrap>
          <Button data-testid="conflict-use-server" onClick={onUseServer}>
            使用服务器版本
          </Button>
          <Button data-testid="conflict-copy-mine" icon={<CopyOutlined />} onClick={() => void copyMine()}>
            复制我的内容
          </Button>
          <Button data-testid="conflict-keep-mine" type="primary" danger onClick={onKeepMine}>
            保留我的版本（覆盖）
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        你打开本章之后，它在别处（另一个标签页、同事或 AI 写作）被保存过
        {conflict.server.updateTime ? `（${formatTime(conflict.server.updateTime)}）` : ''}。请选择：
        使用服务器上的版本，保留你的版本覆盖它，或先复制你的内容再使用服务器版本，以便手动合并。
        覆盖前服务器上的内容会自动存为历史版本。
      </Typography.Paragraph>
      {copyFailed ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="浏览器不允许自动复制，请在下方“我的版本”中全选后手动复制。"
        />
      ) : null}
      <div className="bs-conflict-cols">
        <div>
          <Typography.Text strong>服务器上的版本</Typography.Text>
          <Input.TextArea
            readOnly
            value={serverText}
            autoSize={{ minRows: 8, maxRows: 16 }}
            data-testid="conflict-server-text"
          />
        </div>
        <div>
          <Typography.Text strong>我的版本</Typography.Text>
          <Input.TextArea
            readOnly
            value={mineText}
            autoSize={{ minRows: 8, maxRows: 16 }}
            data-testid="conflict-mine-text"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      </div>
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { FileZipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { BidVolume } from '@bid/shared';
import { saveBlob } from '../../api/download.ts';
import { isApiError } from '../../api/errors.ts';
import { exportApi, exportKeys } from './api.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'busy'; format: 'docx' | 'pdf' }
  | { kind: 'done'; fileName: string }
  | { kind: 'failed'; message: string };

/**
 * The volumes the tender asks for (明标 + 暗标, or 资格/商务/技术/报价), exported at once as one zip:
 * each volume its own Word file, or its own PDF when the server has LibreOffice (else it says so).
 */
export function VolumesExport({
  bidId,
  volumes,
  templateId,
  disabled,
}: {
  bidId: string;
  volumes: BidVolume[];
  templateId: string | null;
  disabled: boolean;
}) {
  const caps = useQuery({
    queryKey: exportKeys.capabilities,
    queryFn: exportApi.capabilities,
    staleTime: 10 * 60_000,
  });
  const [state, setState] = useState<State>({ kind: 'idle' });
  const pdf = caps.data?.pdf === true;

  const run = async (format: 'docx' | 'pdf') => {
    setState({ kind: 'busy', format });
    try {
      const file = await exportApi.volumes(bidId, templateId, format);
      saveBlob(file.blob, file.fileName);
      setState({ kind: 'done', fileName: file.fileName });
    } catch (err) {
      setState({ kind: 'failed', message: isApiError(err) ? err.message : '分册导出失败，请稍后重试' });
    }
  };

  const busy = state.kind === 'busy';
  return (
    <div className="bs-export-volumes" data-testid="export-volumes">
      <Typography.Paragraph>
        招标文件要求分册递交：
        {volumes.map((v) => (v.anonymous ? `${v.name}（暗标，不含投标人信息）` : v.name)).join('、')}。
        分册导出时每册各为一个文件（各有封面、目录和编号），打包为一个 zip；暗标分册导出前先做身份信息检查。
      </Typography.Paragraph>
      <Space wrap>
        <Button
          icon={<FileZipOutlined />}
          data-testid="export-volumes-docx"
          loading={busy && state.format === 'docx'}
          disabled={disabled || busy}
          onClick={() => void run('docx')}
        >
          导出分册（Word，zip）
        </Button>
        <Button
          icon={<FileZipOutlined />}
          data-testid="export-volumes-pdf"
          loading={busy && state.format === 'pdf'}
          disabled={disabled || busy || !pdf}
          onClick={() => void run('pdf')}
        >
          导出分册（PDF，zip）
        </Button>
      </Space>
      {caps.data && !pdf ? (
        <Alert
          className="bs-export-intro"
          type="warning"
          showIcon
          data-testid="export-no-pdf"
          title="服务器未安装 LibreOffice，暂不能导出 PDF；可先导出 Word 分册，再在本机转换为 PDF"
        />
      ) : null}
      {state.kind === 'done' ? (
        <Alert
          className="bs-export-intro"
          type="success"
          showIcon
          data-testid="export-volumes-done"
          title={`已下载 ${state.fileName}`}
        />
      ) : null}
      {state.kind === 'failed' ? (
        <Alert
          className="bs-export-intro"
          type="error"
          showIcon
          data-testid="export-volumes-failed"
          title={state.message}
        />
      ) : null}
    </div>
  );
}

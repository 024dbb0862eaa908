import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { FileWordOutlined } from '@ant-design/icons';
import { ExportDialog } from './ExportDialog.tsx';

export interface ExportButtonProps extends Omit<ButtonProps, 'onClick'> {
  bidId: string;
  /** The bid's own template, preselected in the dialog. */
  templateId?: string | null;
  bidName?: string;
}

/** 导出 Word: opens the export dialog for the bid (drop it into any toolbar). */
export function ExportButton({ bidId, templateId, bidName, children, ...button }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FileWordOutlined />} {...button} onClick={() => setOpen(true)}>
        {children ?? '导出 Word'}
      </Button>
      <ExportDialog bidId={bidId} open={open} onClose={() => setOpen(false)} defaultTemplateId={templateId} bidName={bidName} />
    </>
  );
}

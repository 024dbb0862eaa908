export { ExportButton, type ExportButtonProps } from './ExportButton.tsx';
export { ExportDialog, type ExportDialogProps } from './ExportDialog.tsx';
export { TemplatePreview, templateFacts } from './TemplatePreview.tsx';
export { exportApi, exportKeys } from './api.ts';

/**
 * Rich elements for chapters: the TipTap `diagram` node (add DiagramExtension to the editor's
 * extensions), the AI panel's element tools and the diagram view.
 */
export { DiagramExtension } from './DiagramExtension.ts';
export { DiagramView } from './DiagramView.tsx';
export { AiElementsPanel, type AiElementsPanelProps } from './AiElementsPanel.tsx';
export { DiagramEditorModal } from './editors/DiagramEditorModal.tsx';
export { TableGridEditor, tableModelOf, tableNodeOf } from './editors/TableGridEditor.tsx';
export { generateElement, searchImages, pictureApi } from './api.ts';


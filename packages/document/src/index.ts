export * from './model.ts';
export * from './text.ts';
export { normalizeDoc } from './normalize.ts';
export { documentProblem, isSafeHref, isSafeImageSrc, DOC_LIMITS } from './validate.ts';
export { markdownToDoc, docToMarkdown, PLACEHOLDER_RE, type DocToMarkdownOptions } from './markdown.ts';
export * from './templates/index.ts';
export { markdownToSafeHtml, markdownToPlainText, firstParagraphText } from './html.ts';

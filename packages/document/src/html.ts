import MarkdownItCallable, { type MarkdownIt, type Token } from 'markdown-it';
import { installCjkEmphasis } from './markdown.ts';
import { isSafeHref } from './validate.ts';

/**
 * Markdown written by operators (help, FAQ, news) -> HTML safe to insert into a page, and -> plain
 * text for summaries and search. The one renderer both the server (SSR, API) and the console's
 * preview use, so what the operator previews is what visitors get.
 *
 * Safety: raw HTML is never passed through (html:false turns tags into text), and links/images must
 * pass isSafeHref (no javascript:, data:, protocol-relative addresses).
 */
let renderer: MarkdownIt | null = null;

function getRenderer(): MarkdownIt {
  if (renderer) return renderer;
  const md = new MarkdownItCallable('default', {
    html: false,
    linkify: false,
    typographer: false,
    breaks: false,
  });
  installCjkEmphasis(md);
  md.validateLink = (url: string) => isSafeHref(url);
  const defaultLinkOpen =
    md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = String(tokens[idx].attrGet('href') ?? '');
    // Other sites open in a new tab and learn nothing about ours.
    if (/^https?:\/\//i.test(href)) {
      tokens[idx].attrSet('target', '_blank');
      tokens[idx].attrSet('rel', 'noopener noreferrer nofollow');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  renderer = md;
  return md;
}

export function markdownToSafeHtml(markdown: string): string {
  return getRenderer().render(markdown);
}

const BLOCK_ENDS = new Set([
  'paragraph_close',
  'heading_close',
  'list_item_close',
  'blockquote_close',
  'th_close',
  'td_close',
  'tr_close',
]);

function inlineText(children: Token[] | null): string {
  let out = '';
  for (const c of children ?? []) {
    if (c.type === 'text' || c.type === 'code_inline') out += c.content;
    else if (c.type === 'softbreak') out += ' ';
    else if (c.type === 'hardbreak') out += '\n';
    else if (c.type === 'image') out += inlineText(c.children);
  }
  return out;
}

/** The words of a Markdown text without its markup: one line per block. */
export function markdownToPlainText(markdown: string): string {
  const tokens = getRenderer().parse(markdown, {});
  let out = '';
  for (const t of tokens) {
    if (t.type === 'inline') out += inlineText(t.children);
    else if (t.type === 'fence' || t.type === 'code_block') out += `${t.content}\n`;
    else if (t.type === 'td_close' || t.type === 'th_close') out += ' ';
    else if (BLOCK_ENDS.has(t.type) && !out.endsWith('\n')) out += '\n';
  }
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The text of the first paragraph (not a heading), for a default summary; '' when there is none. */
export function firstParagraphText(markdown: string): string {
  const tokens = getRenderer().parse(markdown, {});
  const i = tokens.findIndex((t, k) => t.type === 'inline' && tokens[k - 1]?.type === 'paragraph_open');
  return i === -1 ? '' : inlineText(tokens[i].children).trim();
}

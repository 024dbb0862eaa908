import { MORE_PAGES } from '@bid/shared';
import { MORE_TITLES, NOT_FOUND_TITLE, PUBLIC_TITLES, type MorePage } from '../router/table.ts';
import { APP_NAME, formatTitle } from '../router/title.ts';

/** A help article, FAQ or news item as the head of its page needs it. */
export interface HeadArticle {
  kind: 'help' | 'question' | 'news';
  title: string;
  summary: string;
  /** Plain text of the body, for the FAQ answer in JSON-LD. */
  text: string;
  updatedAt?: string;
}

/** The `<head>` of a server-rendered page. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (no query except the search page's). */
  canonicalPath: string;
  type: 'website' | 'article';
  jsonLd: object[];
  /** Pages not worth indexing (404, search results). */
  noindex: boolean;
}

const SITE_DESCRIPTION = '标书 AI：把招标文件变成完整、规范的投标文件，AI 生成大纲与章节，一键导出 Word。';

const DESCRIPTIONS: Record<string, string> = {
  '/': SITE_DESCRIPTION,
  '/indexOld': SITE_DESCRIPTION,
  '/demo': '五个步骤，看标书 AI 如何把一份招标文件变成可以投标的 Word 文件。',
  '/sse': '章节内容以流式方式实时推送到浏览器，写作过程看得见、停得下、丢不了。',
  '/pop': '新用户注册即送 1 份标书额度：上传招标文件，AI 生成贴合评分标准的大纲和正文，导出排版好的 Word。',
  '/search.html': '搜索标书 AI 的使用帮助、常见问题和产品动态。',
  '/more/call-me.html': '使用中遇到任何问题，或希望为团队开通企业账号，都欢迎与我们联系。',
  '/more/make-book.html': '一份合格的技术标从读懂招标文件开始：投标人制作标书的六个常用步骤。',
  '/more/more-dynamic.html': '标书 AI 的产品更新与使用技巧。',
  '/more/partner.html': '标书 AI 与投标生态中的各类机构合作，让更多投标人用上好工具。',
  '/more/question.html': '关于使用、额度、导出与账号的常见问题。',
  '/more/video.html': '跟着视频教程一步步完成第一份标书，每一课都有图文版。',
  '/more/website-map.html': '标书 AI 的全部公开页面。',
  '/more/welfare.html': '新用户体验、邀请奖励与企业开通优惠。',
};

const SECTION_TITLE: Record<HeadArticle['kind'], string> = {
  help: '帮助中心',
  question: '常见问题',
  news: '产品动态',
};

function staticTitle(pathname: string): string | null | undefined {
  if (pathname in PUBLIC_TITLES) return PUBLIC_TITLES[pathname as keyof typeof PUBLIC_TITLES];
  const more = /^\/more\/(.+)$/.exec(pathname)?.[1];
  if (more && (MORE_PAGES as readonly string[]).includes(more)) return MORE_TITLES[more as MorePage];
  return undefined;
}

function articleLd(article: HeadArticle, url: string): object {
  if (article.kind === 'question') {
    return {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: article.title,
          acceptedAnswer: { '@type': 'Answer', text: article.text },
        },
      ],
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    mainEntityOfPage: url,
    ...(article.updatedAt ? { dateModified: article.updatedAt } : {}),
    author: { '@type': 'Organization', name: APP_NAME },
    publisher: { '@type': 'Organization', name: APP_NAME },
  };
}

/**
 * Title, description, canonical URL and structured data of a public page. `article` is the item an
 * article route shows.
 */
export function pageHead(
  input: { pathname: string; search: string; origin: string; status: number },
  article: HeadArticle | null,
): PageHead {
  const { pathname, origin, status } = input;
  if (status === 404) {
    return {
      title: formatTitle(NOT_FOUND_TITLE),
      description: SITE_DESCRIPTION,
      canonicalPath: pathname,
      type: 'website',
      jsonLd: [],
      noindex: true,
    };
  }
  if (article) {
    const title = formatTitle(`${article.title} - ${SECTION_TITLE[article.kind]}`);
    return {
      title,
      description: article.summary || article.text.slice(0, 120),
      canonicalPath: pathname,
      type: 'article',
      jsonLd: [articleLd(article, `${origin}${pathname}`)],
      noindex: false,
    };
  }
  const jsonLd: object[] = [];
  if (pathname === '/') {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: APP_NAME,
      url: `${origin}/`,
      description: SITE_DESCRIPTION,
    });
  }
  return {
    title: formatTitle(staticTitle(pathname)),
    description: DESCRIPTIONS[pathname] ?? SITE_DESCRIPTION,
    canonicalPath: pathname,
    type: 'website',
    jsonLd,
    noindex: pathname === '/search.html',
  };
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The tags that go into `<head>` (the template's own title and description are replaced). */
export function headTags(head: PageHead, origin: string): string {
  const url = `${origin}${head.canonicalPath}`;
  const tags = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    `<meta property="og:site_name" content="${APP_NAME}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta property="og:locale" content="zh_CN" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  for (const ld of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, '\\u003c')}</script>`);
  }
  return tags.join('\n    ');
}

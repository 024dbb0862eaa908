import type { ContentDetail, ContentKind, ContentListItem, ContentSearchHit } from '@bid/shared';
import { contentKeys } from './keys.ts';

/** Test helper (used by *.test.tsx only): what the content API would answer, as query cache entries. */
const AT = '2026-01-01T00:00:00.000Z';
const item = (
  kind: ContentKind,
  code: string,
  title: string,
  summary: string,
  category: string,
): ContentListItem => ({
  id: `${kind}-${code}`,
  kind,
  code,
  title,
  summary,
  category,
  createdAt: AT,
  updatedAt: AT,
});

export const TEST_CONTENT: Record<ContentKind, ContentListItem[]> = {
  help: [
    item('help', 'getting-started', '五分钟上手标书 AI', '从新建标书到导出 Word 的完整流程。', '帮助'),
    item('help', 'export-word', '导出 Word 与排版模板', '选择模板、字体字号、标题编号和目录。', '帮助'),
  ],
  question: [
    item(
      'question',
      '1',
      '生成的标书可以直接投标吗？',
      'AI 生成的是一份按评分标准组织的初稿，投标前必须由您核对事实、补充资质证明和报价等材料。',
      '使用',
    ),
    item(
      'question',
      '3',
      '新建标书失败会扣额度吗？',
      '不会。只有标书创建成功才会扣除一份额度；解析失败或创建失败不会扣除。',
      '额度',
    ),
    item(
      'question',
      '4',
      '全文写作需要多长时间？',
      '取决于章节数量和篇幅，通常一份百页左右的技术标在数十分钟内完成。',
      '使用',
    ),
    item(
      'question',
      '7',
      '为什么在微信里打不开？',
      'Windows 版微信的内置浏览器不支持标书写作和 Word 导出，请复制链接到电脑浏览器中打开。',
      '账号',
    ),
  ],
  news: [
    item('news', '1', '全文写作支持后台运行', '关闭页面、网络中断都不会影响写作进度。', '产品更新'),
    item('news', '2', '新增提交前检查', '导出和完成前，一眼看出还有哪些问题。', '产品更新'),
    item('news', '4', '如何让 AI 写出更贴合招标文件的标书', '三个简单的习惯，明显提升初稿质量。', '使用技巧'),
  ],
};

const detail = (i: ContentListItem): ContentDetail => ({ ...i, html: `<p>${i.summary}</p>` });

/** Every list, every detail, and the search for 导出. */
export function testContentQueryData(): Array<[readonly unknown[], unknown]> {
  const out: Array<[readonly unknown[], unknown]> = [];
  for (const kind of Object.keys(TEST_CONTENT) as ContentKind[]) {
    out.push([contentKeys.list(kind), TEST_CONTENT[kind]]);
    for (const i of TEST_CONTENT[kind]) out.push([contentKeys.detail(kind, i.code), detail(i)]);
  }
  const hit: ContentSearchHit = {
    id: 'help-export-word',
    kind: 'help',
    code: 'export-word',
    href: '/help/export-word.html',
    title: '导出 Word 与排版模板',
    titleHighlights: [[0, 2]],
    snippet: '选择模板、字体字号、标题编号和目录。导出时可以选择排版模板。',
    snippetHighlights: [[18, 20]],
  };
  out.push([contentKeys.search('导出'), [hit]]);
  return out;
}

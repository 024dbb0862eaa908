import type { ExportTemplateItem } from '@bid/shared';
import { templateDefinitionSchema, type TemplateDefinition } from '@bid/document/templates/schema';
import { sizeName } from '@bid/document/templates/sizes';

/** The built-in template for a bid whose technical part must be anonymous (暗标). */
export const ANONYMOUS_TEMPLATE_ID = 'anonymous';

export interface Preselection {
  id: string;
  /** Why this one, shown above the templates; null for the plain default. */
  reason: string | null;
}

/** What a template's body and first heading look like, in the words a tender uses (宋体, 小四...). */
function words(d: TemplateDefinition): string[] {
  const h1 = d.headings[0];
  return [
    d.body.font.eastAsia,
    sizeName(d.body.font.size),
    h1?.font.eastAsia,
    h1 ? sizeName(h1.font.size) : '',
  ].filter(Boolean);
}

/**
 * The template the tender calls for: the 暗标 template when the technical part is anonymous, else the
 * one whose fonts and sizes the tender's format rules name most, else the bid's own, else the default.
 */
export function preselectTemplate(
  templates: ExportTemplateItem[],
  opts: { darkBid: boolean; formatRules: string[]; bidTemplateId: string | null | undefined },
): Preselection | null {
  if (!templates.length) return null;
  const anonymous = templates.find((t) => t.id === ANONYMOUS_TEMPLATE_ID);
  if (opts.darkBid && anonymous)
    return { id: anonymous.id, reason: '招标文件要求暗标：已预选“暗标格式”模板（无页眉、不写入投标人信息）' };
  const rules = opts.formatRules.join('；');
  if (rules) {
    let best: { t: ExportTemplateItem; hits: string[] } | null = null;
    for (const t of templates) {
      if (t.id === ANONYMOUS_TEMPLATE_ID) continue;
      const def = templateDefinitionSchema.safeParse(t.definition);
      if (!def.success) continue;
      const hits = [...new Set(words(def.data))].filter((w) => rules.includes(w));
      if (hits.length && (!best || hits.length > best.hits.length)) best = { t, hits };
    }
    if (best)
      return {
        id: best.t.id,
        reason: `按招标文件的格式要求（${best.hits.join('、')}）预选了“${best.t.name}”，导出后请再核对一遍格式`,
      };
  }
  const own = templates.find((t) => t.id === opts.bidTemplateId);
  if (own) return { id: own.id, reason: null };
  return { id: (templates.find((t) => t.isDefault) ?? templates[0]).id, reason: null };
}

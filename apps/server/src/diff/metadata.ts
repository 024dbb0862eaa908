/**
 * Document properties that give away a common origin of two bids: who wrote and last saved them,
 * the company and tool of the installation, the template, the revision-session ids Word writes
 * (w:rsid, unique per editing session) and the creation time. Read from the XML parts of a DOCX
 * (docProps/core.xml, docProps/app.xml, word/settings.xml).
 */

export const METADATA_PARTS = ['docProps/core.xml', 'docProps/app.xml', 'word/settings.xml'] as const;

export interface MetaField {
  field: string;
  value: string;
}

export interface SharedMeta {
  field: string;
  value: string;
  keys: string[];
}

export const RSID_FIELD = '修订标识（rsid）';

function decodeXml(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Text of the first element with this qualified name (any namespace prefix). */
function element(xml: string, local: string): string | null {
  const m = new RegExp(
    `<(?:[A-Za-z0-9_-]+:)?${local}(?:\\s[^>]*)?>([^<]{1,500})</(?:[A-Za-z0-9_-]+:)?${local}>`,
  ).exec(xml);
  const v = m ? decodeXml(m[1]).trim() : '';
  return v || null;
}

/** The properties of one DOCX from its XML parts (missing parts give fewer fields). */
export function docxMetadata(parts: Map<string, string>): MetaField[] {
  const out: MetaField[] = [];
  const add = (field: string, value: string | null) => {
    if (value) out.push({ field, value });
  };
  const core = parts.get('docProps/core.xml') ?? '';
  const app = parts.get('docProps/app.xml') ?? '';
  const settings = parts.get('word/settings.xml') ?? '';
  add('作者', element(core, 'creator'));
  add('最后修改者', element(core, 'lastModifiedBy'));
  add('公司', element(app, 'Company'));
  const tool = element(app, 'Application');
  const version = element(app, 'AppVersion');
  add('创建工具', tool ? (version ? `${tool} ${version}` : tool) : null);
  add('模板', element(app, 'Template'));
  add('创建时间', element(core, 'created'));
  add('修改时间', element(core, 'modified'));
  const rsids = new Set<string>();
  for (const m of settings.matchAll(/<w:rsid(?:Root)?\s+w:val="([0-9A-Fa-f]{8})"/g))
    rsids.add(m[1].toUpperCase());
  for (const r of [...rsids].slice(0, 5000)) out.push({ field: RSID_FIELD, value: r });
  return out;
}

/**
 * Values two or more documents have in common. Revision ids are many per document: one row per
 * group of documents lists how many they share.
 */
export function sharedMetadata(docs: Array<{ key: string; fields: MetaField[] }>): SharedMeta[] {
  const byValue = new Map<string, { field: string; value: string; keys: Set<string> }>();
  for (const d of docs) {
    for (const f of d.fields) {
      const id = `${f.field}\u0000${f.value}`;
      const entry = byValue.get(id) ?? { field: f.field, value: f.value, keys: new Set<string>() };
      entry.keys.add(d.key);
      byValue.set(id, entry);
    }
  }
  const out: SharedMeta[] = [];
  const rsidGroups = new Map<string, string[]>();
  for (const e of byValue.values()) {
    if (e.keys.size < 2) continue;
    const keys = docs.map((d) => d.key).filter((k) => e.keys.has(k));
    if (e.field === RSID_FIELD) {
      const group = keys.join('\u0000');
      rsidGroups.set(group, [...(rsidGroups.get(group) ?? []), e.value]);
    } else {
      out.push({ field: e.field, value: e.value, keys });
    }
  }
  for (const [group, values] of rsidGroups) {
    const shown = values.slice(0, 8).join('、');
    out.push({
      field: RSID_FIELD,
      value: `${values.length} 个相同：${shown}${values.length > 8 ? ' 等' : ''}`,
      keys: group.split('\u0000'),
    });
  }
  return out;
}

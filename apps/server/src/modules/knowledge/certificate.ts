import type { CertificateReading } from '@bid/shared';

/**
 * The fields of a qualification card read off the OCR text of a scanned certificate (资质证书,
 * 安全生产许可证, ISO 认证证书, 营业执照): each value follows its printed label, on the same line
 * (up to the next label) or, when the label ends its line, on the next line. These are proposals:
 * the writer sees them in the form and saves them herself.
 */
type Field = 'name' | 'number' | 'issuer' | 'validUntil';

const LABELS: Array<[Field | null, string[]]> = [
  [
    'name',
    ['资质类别及等级', '资质类别和等级', '资质类别与等级', '资质等级', '资质类别', '资质名称', '证书名称'],
  ],
  ['number', ['证书编号', '许可证编号', '证书号码', '证书号', '统一社会信用代码', '注册号', '编号']],
  [
    'issuer',
    ['发证机关', '发证单位', '发证部门', '颁发机关', '颁证机关', '颁发单位', '认证机构', '登记机关'],
  ],
  ['validUntil', ['有效期至', '有效期限', '有效日期', '有效期']],
  // Labels whose values are not asked for: they end the value before them.
  [
    null,
    [
      '企业名称',
      '单位名称',
      '详细地址',
      '注册地址',
      '地址',
      '住所',
      '法定代表人',
      '负责人',
      '技术负责人',
      '注册资本',
      '经济性质',
      '发证日期',
      '发证时间',
      '成立日期',
      '许可范围',
      '经营范围',
      '认证范围',
      '类型',
    ],
  ],
];

const FIELD_OF = new Map<string, Field | null>();
for (const [field, labels] of LABELS) for (const l of labels) FIELD_OF.set(l, field);
// Longest first, so that 证书编号 is found rather than 编号 inside it.
const LABEL_RE = new RegExp([...FIELD_OF.keys()].sort((a, b) => b.length - a.length).join('|'), 'g');
const SEPARATORS = /^[\s:：;；,，.。、)）\t]+|[\s:：;；,，、(（\t]+$/g;

/** YYYY-MM-DD of the last date written in `s` (2028年5月31日, 2028-05-31, 2028.5.31), or undefined. */
export function lastDate(s: string): string | undefined {
  const dates = [...s.matchAll(/(\d{4})\s*[年\-./]\s*(\d{1,2})\s*[月\-./]\s*(\d{1,2})/g)];
  for (const m of dates.reverse()) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (y < 1950 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31) continue;
    const iso = `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (!Number.isNaN(Date.parse(iso))) return iso;
  }
  return undefined;
}

function clean(field: Field, value: string): string | undefined {
  const v = value.replace(SEPARATORS, '').trim();
  if (!v) return undefined;
  switch (field) {
    case 'validUntil':
      return lastDate(v);
    case 'number': {
      // A certificate number has a digit; OCR may put spaces inside it.
      const n = v.split(/\t|\s{2,}/)[0].replace(/\s+/g, '');
      return /\d/.test(n) && n.length >= 4 && n.length <= 100 ? n : undefined;
    }
    default: {
      const t = v.split(/\t/)[0].replace(/\s+/g, '');
      return t.length >= 2 && t.length <= 100 ? t : undefined;
    }
  }
}

/** Issuers are often printed under the seal without a label: a line naming an authority. */
const AUTHORITY = /^[\u4e00-\u9fff（）()]{4,40}(?:厅|局|委员会|管理处|认证中心|认证有限公司|认证集团|部)$/;
/** The title of a certificate, as its name when no 资质类别 is printed. */
const TITLE = /^[\u4e00-\u9fffA-Za-z0-9（）()]{2,30}(?:证书|许可证|执照)$/;

export function certificateFields(text: string): Omit<CertificateReading, 'text'> {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const out: Partial<Record<Field, string>> = {};
  lines.forEach((line, i) => {
    const hits = [...line.matchAll(LABEL_RE)];
    hits.forEach((m, k) => {
      const field = FIELD_OF.get(m[0]);
      if (!field || out[field]) return;
      const end = m.index + m[0].length;
      let value = line.slice(end, k + 1 < hits.length ? hits[k + 1].index : undefined);
      // A label ending its line: the value is on the next line (unless that one starts with a label).
      if (!value.replace(SEPARATORS, '') && k === hits.length - 1 && i + 1 < lines.length) {
        const next = lines[i + 1];
        const first = [...next.matchAll(LABEL_RE)][0];
        if (!first || first.index > 0) value = first ? next.slice(0, first.index) : next;
      }
      // A validity period written as 2023年6月1日至2028年5月31日 may run past a 至 split across cells.
      if (field === 'validUntil') value = value.replace(/\t/g, ' ');
      const v = clean(field, value);
      if (v) out[field] = v;
    });
  });
  if (!out.issuer) {
    const authority = [...lines].reverse().find((l) => AUTHORITY.test(l.replace(/\s+/g, '')));
    if (authority) out.issuer = authority.replace(/\s+/g, '');
  }
  if (!out.name) {
    const title = lines.find((l) => TITLE.test(l.replace(/\s+/g, '')));
    if (title) out.name = title.replace(/\s+/g, '');
  }
  return out;
}

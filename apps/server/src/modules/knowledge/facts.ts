import {
  personFactSchema,
  projectFactSchema,
  qualificationFactSchema,
  type CompanyFact,
  type PersonFact,
  type ProjectFact,
  type QualificationFact,
} from '@bid/shared';

/**
 * A card's data read by its kind's schema. Cards are saved through that schema
 * (CompanyLibrary.saveFact), so a card reads back as it was saved; one that no longer fits the
 * schema is left out rather than trusted.
 */
function dataOf<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  f: CompanyFact,
): T | null {
  const r = schema.safeParse(f.data);
  return r.success ? r.data : null;
}

export const qualificationOf = (f: CompanyFact): QualificationFact | null =>
  f.kind === 'qualification' ? dataOf(qualificationFactSchema, f) : null;
export const personOf = (f: CompanyFact): PersonFact | null =>
  f.kind === 'person' ? dataOf(personFactSchema, f) : null;
export const projectOf = (f: CompanyFact): ProjectFact | null =>
  f.kind === 'project' ? dataOf(projectFactSchema, f) : null;

/** The qualification cards with their data. */
export function qualificationsOf(facts: CompanyFact[]): Array<{ fact: CompanyFact; q: QualificationFact }> {
  return facts.flatMap((fact) => {
    const q = qualificationOf(fact);
    return q ? [{ fact, q }] : [];
  });
}

/** The person cards' data. */
export const peopleOf = (facts: CompanyFact[]): PersonFact[] => facts.map(personOf).filter((p) => p !== null);

/** Names under which the library's labelled facts answer a placeholder (投标人名称 ~ 公司名称). */
const SYNONYMS: string[][] = [
  ['投标人名称', '公司名称', '企业名称', '单位名称', '投标单位', '供应商名称', '投标人'],
  ['法定代表人', '法人代表', '法人'],
  ['统一社会信用代码', '信用代码'],
  ['地址', '注册地址', '公司地址', '通讯地址'],
  ['联系电话', '电话', '联系方式'],
  ['联系人'],
];

/** The value of a labelled fact ('other' cards: name, value) matching the label, or null. */
export function otherValue(others: CompanyFact[], label: string): string | null {
  const clean = label.replace(/[（(].*?[)）]/g, '').trim();
  for (const f of others) if (String(f.data.name) === clean) return String(f.data.value);
  for (const group of SYNONYMS) {
    if (!group.some((g) => clean.includes(g))) continue;
    const f = others.find((o) => group.includes(String(o.data.name)));
    if (f) return String(f.data.value);
  }
  return null;
}

const cell = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : String(v).replace(/\|/g, '｜').replace(/\n/g, ' ');
const table = (head: string[], rows: unknown[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');

export function peopleTable(facts: CompanyFact[]): string | null {
  const people = peopleOf(facts);
  if (!people.length) return null;
  return table(
    ['序号', '姓名', '拟任岗位', '职称', '证书'],
    people.map((p, i) => [i + 1, p.name, p.role, p.title, p.certificates?.join('、')]),
  );
}

export function projectsTable(facts: CompanyFact[]): string | null {
  const projects = facts.map(projectOf).filter((p) => p !== null);
  if (!projects.length) return null;
  return table(
    ['序号', '项目名称', '业主单位', '合同金额（元）', '年份', '项目内容'],
    projects.map((p, i) => [i + 1, p.name, p.owner, p.amount, p.year, p.scope]),
  );
}

export function qualificationsTable(facts: CompanyFact[], lapsing: Set<string> = new Set()): string | null {
  const qs = qualificationsOf(facts);
  if (!qs.length) return null;
  return table(
    ['序号', '证书名称', '证书编号', '发证机关', '有效期至', '扫描件'],
    qs.map(({ fact: f, q }, i) => {
      return [
        i + 1,
        q.name,
        q.number,
        q.issuer,
        `${q.validUntil ?? '长期'}${lapsing.has(f.id) ? '（开标前到期）' : ''}`,
        q.fileId ? '见下文' : '—',
      ];
    }),
  );
}

/** The tables of the cards a chapter is about, as Markdown. */
export function factTables(
  facts: CompanyFact[],
  about: { people: boolean; projects: boolean; qualifications: boolean },
): string[] {
  const out: string[] = [];
  const p = about.people ? peopleTable(facts) : null;
  if (p) out.push(`### 拟派人员\n\n${p}`);
  const j = about.projects ? projectsTable(facts) : null;
  if (j) out.push(`### 类似项目业绩\n\n${j}`);
  const q = about.qualifications ? qualificationsTable(facts) : null;
  if (q) out.push(`### 资质证书\n\n${q}`);
  return out;
}

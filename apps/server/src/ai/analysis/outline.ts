import type { MandatedSection } from '@bid/shared';
import { parseEnumerator, type EnumStyle } from '../tender-text.ts';
import { isPageNoise, titleOf, type Line } from './lines.ts';

/**
 * The bid outline a tender prescribes (投标文件的组成 / 响应文件格式 / 技术标编制要求 …), in its
 * order: numbered in any style, as a run of 第X章 lines, or as plain short lines.
 */

const OUTLINE_HEAD =
  /((?:投标|响应|磋商|谈判)(?:响应)?文件(?:[（(][^）)]{1,8}[)）])?(?:应当|应|须|必须|需)(?:包括|包含)|投标文件的组成|投标文件组成|投标文件应包括|投标文件包括|投标文件由|响应文件的组成|响应文件组成|响应文件应包括|响应文件由|响应文件格式|投标文件格式|投标文件的构成|投标文件构成|响应文件的构成|响应文件构成|技术标编制要求|技术标的组成|技术标组成|技术文件的组成|施工组织设计的组成|暗标.{0,12}(顺序|内容)编写|按以下顺序|按下列(章节)?顺序|按照?(下列|以下)(目录|章节)(及|和)?顺序|(技术标|投标文件|响应文件|技术文件|施工组织设计)的?目录$)/;
const SECTION_WORDS = /(须知|情形|说明如下|规定|办法|评标|评审|要求如下|要求$)/;
const TITLE_BAD = /[，,。；;：:]|\.{3,}|…{2,}|·{3,}|\s\d+$/;
/** A note after a title (（附施工进度横道图）, （投标人认为需要提供的其他材料，含…）) is not the title; a qualifier (（暗标）) is. */
const NOTE =
  /\s*[（(](?:附|含|包括|如|注|详见|见|投标人|须|应)[^（）()]*[)）]$|\s*[（(][^（）()]*[，,；;][^（）()]*[)）]$/;

export function extractMandatedOutline(lines: Line[]): MandatedSection[] {
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text.trim();
    const head = OUTLINE_HEAD.exec(t);
    if (!head) continue;
    // The list written on in the sentence itself (…须按以下章节顺序编写：第一部分 …；第二部分 …),
    // perhaps wrapped over the next lines and across a page's running lines.
    // (Only a sentence that opens its list on this line runs on: 技术标须按下列章节顺序编制：一、…；)
    const opens = /[：:]\s*\S/.test(t.slice(head.index + head[0].length)) && !/。\s*$/.test(t);
    const inline = inlineList(opens ? runOn(lines, i) : lines[i], head.index + head[0].length);
    if (inline.length >= 3) return inline;
    // A heading, or a lead-in sentence that ends by announcing the list.
    if (t.length > 40 && !/[：:]$/.test(t)) continue;
    const found = readList(lines, i + 1);
    if (found.length >= 3) return found;
  }
  return [];
}

/** A line with where each of its characters stands in the text (a line joined from several). */
type Joined = Line & { at?: (i: number) => number };

/**
 * Line `i` run on over the lines that continue its sentence (wrapped at the page's width, a page's
 * running title and number between), up to the sentence's end.
 */
function runOn(lines: Line[], i: number): Joined {
  const title = titleOf(lines);
  const pos: number[] = [];
  let text = '';
  for (let k = i; k < lines.length && k < i + 16; k++) {
    const l = lines[k];
    if (k > i && isPageNoise(l.text, title)) continue;
    // (A new clause or chapter is not the sentence's continuation.)
    if (k > i && /^\s*(?:\d{1,2}[．.、](?!\d)|第[一二三四五六七八九十\d]+[章节])/.test(l.text)) break;
    for (let c = 0; c < l.text.length; c++) pos.push(l.start + c);
    text += l.text;
    if (/。\s*$/.test(l.text)) break;
  }
  const at = (j: number) => pos[Math.min(j, pos.length - 1)] ?? lines[i].start;
  return { text, start: lines[i].start, end: at(text.length - 1) + 1, at };
}

/** Entries after the colon that follows `from` on the line, each with its own enumerator, split at ；. */
function inlineList(line: Joined, from: number): MandatedSection[] {
  const lead = line.text.length - line.text.trimStart().length;
  const colon = line.text.slice(lead + from).search(/[：:]/);
  if (colon < 0 || colon > 12) return [];
  const start = lead + from + colon + 1;
  const body = line.text.slice(start);
  const out: MandatedSection[] = [];
  let at = 0;
  for (const part of body.split(/[；;]/)) {
    const offset = start + at;
    at += part.length + 1;
    const raw = part.replace(/[。.]\s*$/, '');
    const en = parseEnumerator(raw.trim());
    if (!en) return out.length >= 3 ? out : [];
    const title = en.rest.trim().replace(NOTE, '');
    if (!title || title.length > 40 || TITLE_BAD.test(title) || SECTION_WORDS.test(title))
      return out.length >= 3 ? out : [];
    const k = offset + part.indexOf(en.rest.trim());
    const s0 = line.at ? line.at(k) : line.start + k;
    const e0 = line.at ? line.at(k + title.length - 1) + 1 : s0 + title.length;
    out.push({ title, level: 1, source: { start: s0, end: e0 } });
    // A sentence after the list ends it.
    if (/[。]\s*$/.test(part) && out.length >= 3) break;
  }
  return out;
}

function readList(lines: Line[], from: number): MandatedSection[] {
  const title0 = titleOf(lines);
  const out: MandatedSection[] = [];
  const styles: EnumStyle[] = [];
  let skipped = 0;
  let plain: boolean | null = null;
  for (let i = from; i < lines.length && out.length < 60; i++) {
    const t = lines[i].text.trim();
    if (!t || isPageNoise(t, title0)) {
      // A page break inside the list (footer, header) does not end it; a blank line before other text does.
      if (out.length >= 2 && !t) {
        let k = i + 1;
        while (k < lines.length && isPageNoise(lines[k].text, title0)) k += 1;
        const e = parseEnumerator(lines[k]?.text ?? '');
        if (!e || !styles.includes(e.style)) break;
      }
      continue;
    }
    const en = parseEnumerator(t);
    if (!en) {
      // Plain short lines, one title each (磋商响应函 / 报价一览表 / …).
      const title = t.replace(/[；;。]$/, '');
      if (
        (plain ?? !out.length) &&
        title.length >= 2 &&
        title.length <= 24 &&
        !TITLE_BAD.test(title) &&
        !t.includes('\t') &&
        !SECTION_WORDS.test(title)
      ) {
        plain = true;
        out.push({ title, level: 1, source: { start: lines[i].start, end: lines[i].end } });
        continue;
      }
      if (out.length) break;
      // A lead-in such as "投标文件应包括下列内容：".
      if (++skipped > 3) break;
      continue;
    }
    if (plain) break;
    plain = false;
    const title = en.rest
      .replace(/[；;。，,]$/, '')
      .trim()
      .replace(NOTE, '');
    // A chapter line is an outline entry only inside a run of them (no body text between).
    if (en.style === 'chapter' && out.length && !styles.includes('chapter')) break;
    if (!title || title.length > 40 || TITLE_BAD.test(title) || SECTION_WORDS.test(title)) {
      if (out.length) break;
      continue;
    }
    let idx = styles.indexOf(en.style);
    if (idx < 0) {
      if (styles.length >= 3) break;
      styles.push(en.style);
      idx = styles.length - 1;
    }
    out.push({ title, level: idx + 1, source: { start: lines[i].start, end: lines[i].end } });
  }
  return out;
}

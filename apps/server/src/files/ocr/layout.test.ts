import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { grayOf, estimateSkew, rotate } from './raster.ts';
import { fullWidthPunctuation, layoutText } from './layout.ts';
import { judgeText, pageRanges } from './text-layer.ts';
import { findTables } from './table.ts';
import type { OcrLine } from './engine.ts';

const line = (text: string, x0: number, y0: number, x1: number, y1: number, confidence = 0.95): OcrLine => ({
  text,
  confidence,
  x0,
  y0,
  x1,
  y1,
});

describe('text layer verdicts', () => {
  it('trusts Chinese text and flags what pdf.js makes of fonts without a Unicode map', () => {
    const real =
      '一、项目基本情况\n项目名称：青溪市第三人民医院物业管理服务项目\n采购方式：公开招标\n预算金额：人民币386万元（三年）\n投标保证金：人民币20000元';
    expect(judgeText(real)).toBe('ok');
    // What pdf.js read from a LibreOffice PDF whose /ToUnicode maps were removed.
    expect(judgeText('(ÏS®Â˙tØ±P˙t/Ä\t_< (87xu]8Å xÂ≈ÊÅ/É QNMNêëÔ;OR˝rLÔ\t,/¨M$ñ/ PQ$ñ<')).toBe('garbled');
    // The example: glyph numbers landing on assorted scripts and rare CJK.
    expect(judgeText('ᆿᒼᐸ⋵⊕ђ䐥᭯ᔰᐛぁᆿᒼᐸ⋵⊕ђ䐥᭯ᔰᐛぁ')).toBe('garbled');
    expect(judgeText('��������项目��������')).toBe('garbled');
    // Random CJK: every character a real one, almost none of them common.
    expect(
      judgeText('鑫燚靐齉龘爨麤籱灪鸞鬱鱻驫羴猋蟲厵靇雥嚞뺠䨻䲜䴇䫫䖇䳱䴔䲰䰈鬲鬻鬯麟麒'.slice(0, 34)),
    ).toBe('garbled');
    expect(judgeText('')).toBe('empty');
    expect(judgeText('第 3 页')).toBe('few');
    expect(judgeText('Tender No. QXCG-2026-F0086, Bid Bond: CNY 20,000; deadline 27 May 2026 14:00.')).toBe(
      'ok',
    );
  });

  it('writes page numbers as ranges', () => {
    expect(pageRanges([3, 4, 5, 19, 18, 17, 16, 22])).toBe('3–5、16–19、22');
    expect(pageRanges([7])).toBe('7');
  });
});

describe('layout of recognised lines', () => {
  it('puts boxes sharing a row band on one line, wide gaps as tabs, rows top to bottom', () => {
    const lines = [
      line('评分因素', 100, 100, 220, 130),
      line('分值', 520, 102, 580, 132),
      line('评分标准', 300, 99, 420, 129),
      line('服务方案', 100, 150, 220, 180),
      line('10分', 520, 151, 580, 181),
      line('方案完整、措施可行的得10分', 300, 149, 500, 179),
      line('第二章 采购需求', 100, 40, 330, 70),
      line('·', 900, 60, 905, 70, 0.2),
    ];
    expect(layoutText(lines)).toBe(
      '第二章 采购需求\n评分因素\t评分标准\t分值\n服务方案\t方案完整、措施可行的得10分\t10分',
    );
  });

  it('joins pieces of one sentence the detector split at a narrow gap', () => {
    expect(
      layoutText([line('项目名称：', 100, 100, 200, 130), line('青溪市物业服务', 205, 100, 380, 130)]),
    ).toBe('项目名称：青溪市物业服务');
    expect(layoutText([line('ISO', 100, 100, 140, 130), line('9001', 150, 100, 200, 130)])).toBe('ISO 9001');
  });

  it('writes half-width punctuation next to Chinese as full-width', () => {
    expect(fullWidthPunctuation('预算金额:人民币386万元(三年),含税')).toBe(
      '预算金额：人民币386万元（三年），含税',
    );
    expect(fullWidthPunctuation('版本 1.2, ISO (2015)')).toBe('版本 1.2, ISO (2015)');
  });
});

describe('deskew', () => {
  it('finds the angle a page of text lines was turned by and turns it back', () => {
    const w = 900;
    const h = 700;
    const c = createCanvas(w, h);
    const ctx = c.getContext('2d');
    ctx.fillStyle = 'white';
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = 'black';
    for (let y = 60; y < h - 60; y += 36) for (let x = 60; x < w - 60; x += 26) ctx.fillRect(x, y, 20, 20);
    const flat = grayOf(ctx.getImageData(0, 0, w, h).data, w, h);
    expect(estimateSkew(flat)).toBe(0);
    for (const deg of [0.5, -1.2]) {
      const turned = rotate(flat, deg);
      const skew = estimateSkew(turned);
      expect(Math.abs(skew + deg)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(estimateSkew(rotate(turned, skew)))).toBeLessThanOrEqual(0.1);
    }
  });

  it('lightens red seal ink but keeps black text under it dark', () => {
    const px = new Uint8Array([210, 31, 31, 255, 0, 0, 0, 255, 255, 255, 255, 255]);
    const g = grayOf(px, 3, 1);
    expect(g.data[0]).toBeGreaterThan(128);
    expect(g.data[1]).toBe(0);
    expect(g.data[2]).toBe(255);
  });
});

describe('ruled tables', () => {
  it('reads a ruled table with a cell merged across rows as Word rows: one line per row, cells by TAB', () => {
    const w = 800;
    const h = 400;
    const c = createCanvas(w, h);
    const ctx = c.getContext('2d');
    ctx.fillStyle = 'white';
    ctx.fillRect(0, 0, w, h);
    ctx.strokeStyle = '#555';
    ctx.lineWidth = 1;
    const hline = (y: number, x0: number) => {
      ctx.beginPath();
      ctx.moveTo(x0, y + 0.5);
      ctx.lineTo(700, y + 0.5);
      ctx.stroke();
    };
    const vline = (x: number) => {
      ctx.beginPath();
      ctx.moveTo(x + 0.5, 50);
      ctx.lineTo(x + 0.5, 350);
      ctx.stroke();
    };
    // Header row, then two rows sharing a category cell (no rule across its column).
    hline(50, 100);
    hline(150, 100);
    hline(250, 250);
    hline(350, 100);
    [100, 250, 400, 700].forEach(vline);
    const tables = findTables(grayOf(ctx.getImageData(0, 0, w, h).data, w, h));
    expect(tables).toHaveLength(1);
    const text = layoutText(
      [
        line('类别', 110, 80, 200, 110),
        line('评分因素', 260, 80, 380, 110),
        line('分值', 410, 80, 480, 110),
        line('技术部分', 110, 185, 230, 215),
        line('服务方案', 260, 160, 380, 190),
        line('方案完整的得', 410, 160, 690, 190),
        line('10分', 410, 200, 480, 230),
        line('人员配置', 260, 260, 380, 290),
        line('5分', 410, 260, 480, 290),
        line('表格以外的说明', 100, 370, 300, 395),
      ],
      tables,
    );
    expect(text).toBe(
      '类别\t评分因素\t分值\n技术部分\t服务方案\t方案完整的得10分\n人员配置\t5分\n表格以外的说明',
    );
  });
});

import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import type { Pixels } from './phash.ts';

/**
 * Deterministic bid-like Chinese text for the comparison tests and the benchmark: sentences drawn
 * from a vocabulary of words bids use, so that unrelated texts share words (as real bids do) but
 * not passages.
 */

const WORDS = (
  '项目 工程 施工 质量 安全 进度 管理 方案 措施 保证 体系 组织 人员 设备 材料 验收 检测 监理 技术 标准 规范 要求 ' +
  '投标人 招标人 合同 工期 计划 控制 协调 沟通 培训 服务 维护 运行 系统 平台 数据 接口 网络 硬件 软件 部署 测试 ' +
  '文明 环境 保护 应急 预案 风险 分析 评估 责任 制度 落实 检查 整改 记录 报告 审核 批准 实施 完成 交付 售后 响应 ' +
  '现场 机械 钢筋 混凝土 模板 脚手架 防水 给排水 电气 照明 通风 消防 弱电 智能化 装修 道路 桥梁 隧道 土方 基础 ' +
  '我公司 本项目 严格 按照 确保 全面 及时 有效 合理 科学 规范化 标准化 信息化 专业 经验 丰富 优秀 先进 可靠 稳定 ' +
  '每日 每周 每月 定期 不定期 重点 关键 节点 里程碑 资源 配置 调度 优化 提升 改进 持续 闭环 考核 奖惩 监督'
).split(/\s+/);

export class Rng {
  constructor(private s: number) {}
  next(): number {
    // mulberry32
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

export function sentence(rng: Rng): string {
  const n = 6 + rng.int(10);
  let s = '';
  for (let i = 0; i < n; i++) {
    s += WORDS[rng.int(WORDS.length)];
    if (i > 2 && i < n - 1 && rng.int(6) === 0) s += '，';
  }
  return `${s}。`;
}

export function paragraph(rng: Rng, sentences = 4 + rng.int(4)): string {
  let p = '';
  for (let i = 0; i < sentences; i++) p += sentence(rng);
  return p;
}

/** Paragraphs (separated by newlines) until `chars` characters. */
export function bidText(seed: number, chars: number): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  let total = 0;
  while (total < chars) {
    const p = paragraph(rng);
    out.push(p);
    total += p.length + 1;
  }
  return out;
}

/** Changes about `share` of the characters (other CJK characters) at random positions. */
export function mutate(text: string, share: number, seed: number): string {
  const rng = new Rng(seed);
  const chars = [...text];
  const pool = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥';
  for (let i = 0; i < chars.length; i++)
    if (/\p{Script=Han}/u.test(chars[i]) && rng.next() < share) chars[i] = pool[rng.int(pool.length)];
  return chars.join('');
}

/** Chinese punctuation swapped for other marks and spaces (what a copy-editor would do). */
export function repunctuate(text: string): string {
  return text
    .replace(/，/g, ', ')
    .replace(/。/g, '；')
    .replace(/([\u4e00-\u9fff]{5})/g, '$1 ');
}

// ---------------------------------------------------------------- pictures

/** A site-plan-like picture: gradient sky, shapes, stripes (deterministic per seed). */
export function picture(w: number, h: number, seed: number): Pixels {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const u = x / w;
      const v = y / h;
      const i = (y * w + x) * 4;
      const inRect =
        seed % 2 ? u > 0.2 && u < 0.55 && v > 0.4 && v < 0.9 : u > 0.5 && u < 0.9 && v > 0.1 && v < 0.5;
      const inCircle = (u - 0.3 - seed * 0.07) ** 2 + (v - 0.3) ** 2 < 0.02 * (1 + (seed % 3));
      const stripe = Math.sin((u * (4 + seed) + v * (2 + (seed % 5))) * Math.PI) > 0.3;
      data[i] = inRect ? 200 : inCircle ? 30 : stripe ? 120 : 60 + 150 * v;
      data[i + 1] = inRect ? 60 : inCircle ? 180 : stripe ? 140 : 90 + 100 * u;
      data[i + 2] = inRect ? 40 : inCircle ? 60 : stripe ? 90 : 200 - 120 * v;
      data[i + 3] = 255;
    }
  return { width: w, height: h, data };
}

export function toPng(p: Pixels): Buffer {
  const png = new PNG({ width: p.width, height: p.height });
  png.data = Buffer.from(p.data);
  return PNG.sync.write(png);
}

/** Nearest-neighbour resize with an optional crop of `crop` of each border. */
export function resize(p: Pixels, w: number, h: number, crop = 0): Pixels {
  const data = new Uint8Array(w * h * 4);
  const x0 = p.width * crop;
  const y0 = p.height * crop;
  const cw = p.width * (1 - 2 * crop);
  const ch = p.height * (1 - 2 * crop);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const s = (Math.floor(y0 + (y * ch) / h) * p.width + Math.floor(x0 + (x * cw) / w)) * 4;
      data.set(p.data.subarray(s, s + 4), (y * w + x) * 4);
    }
  return { width: w, height: h, data };
}

export function toJpeg(p: Pixels, quality: number): Buffer {
  return jpeg.encode({ width: p.width, height: p.height, data: Buffer.from(p.data) }, quality).data;
}

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from './index.ts';

const CORPUS = new URL('../../../test/corpus/', import.meta.url);
const tenders = fs
  .readdirSync(CORPUS)
  .filter((f) => f.endsWith('.txt'))
  .sort();

/**
 * Requirements feed the response tables one row each: the instructions to bidders, contract terms,
 * evaluation rules and complaint templates that follow 采购需求 in a tender must not become rows.
 */
describe('requirements stay inside the 采购需求 parts', () => {
  it.each(tenders)('%s: no boilerplate from other parts of the tender', (file) => {
    const a = analyzeTenderByRules(fs.readFileSync(new URL(file, CORPUS), 'utf8'));
    // A ★ clause of 采购需求 is a requirement whatever it names (★不得收取合同价款以外的费用), and so
    // is a payment term its 商务要求 state (付款方式：验收合格后 30 日内一次性支付合同价款; 付款：…).
    // (A service's own complaint figures, 投诉处理及时率 100%, are its requirement, not the 投诉 procedure.)
    const leaked = a.requirements.filter(
      (r) =>
        !r.star &&
        !/^付款(?:方式|条件|方法)?[：:]/.test(r.text) &&
        /质疑|投诉(?!电话|处理|响应|率)|评标委员会|中标候选人|开标|合同价款|甲方|乙方|投标有效期/.test(
          r.text,
        ),
    );
    expect(leaked.map((r) => r.text)).toEqual([]);
    expect(a.requirements.length).toBeLessThanOrEqual(40);
  });

  it('reads no requirement from 投标人须知, even under a heading that says 要求', () => {
    const text = [
      '某安全设备采购项目招标文件',
      '第二章 投标人须知',
      '1.实质性要求（★条款）',
      '★1.1 所投设备须具有有效的安全认证证书。',
      '2.投标文件有下列情形之一的，投标无效：',
      '（1）投标文件未按要求签字、盖章的；',
      '（2）投标报价超过预算金额的。',
      '第三章 采购需求',
      '1. 下一代防火墙 4 台，整机吞吐量不低于 20Gbps。',
      '2. 日志审计系统 1 套，日志存储不少于 180 天。',
      '第四章 评标方法',
    ].join('\n');
    const a = analyzeTenderByRules(text);
    expect(a.requirements.map((r) => r.text)).toEqual([
      '下一代防火墙 4 台，整机吞吐量不低于 20Gbps。',
      '日志审计系统 1 套，日志存储不少于 180 天。',
    ]);
  });

  it('t02 (物业服务): exactly the nine stated service and staffing requirements', () => {
    const a = analyzeTenderByRules(fs.readFileSync(new URL('t02.txt', CORPUS), 'utf8'));
    expect(a.requirements).toHaveLength(9);
    expect(a.requirements.filter((r) => r.star)).toHaveLength(3);
    expect(a.requirements[0].text).toMatch(/^保洁服务/);
  });
});

import { describe, expect, it } from 'vitest';
import { priceLinesTotal, priceLineTotals } from '@bid/shared';
import { priceFloorOf } from './price-check.ts';
import { termFindings } from './terms-check.ts';

const none = { period: null, warranty: null, validity: null };

describe('the 报价 sheet’s limits: a stated floor and the terms against the tender', () => {
  it('reads a floor stated as an amount, as a share of the ceiling, or not at all', () => {
    expect(priceFloorOf(['最低限价：人民币 380 万元'], 5_000_000)).toBe(3_800_000);
    expect(priceFloorOf(['投标报价下限为¥1,200,000.00。'], null)).toBe(1_200_000);
    expect(priceFloorOf(['投标报价不得低于最高限价的85%，否则其投标将被否决。'], 5_000_000)).toBe(4_250_000);
    expect(priceFloorOf(['投标报价低于招标控制价92.5%的，按无效投标处理。'], 2_000_000)).toBe(1_850_000);
    expect(priceFloorOf(['投标报价不得低于450000元。'], null)).toBe(450_000);
    // A share with no known ceiling, 成本, the ceiling itself and days are no floor.
    expect(priceFloorOf(['投标报价不得低于最高限价的85%。'], null)).toBeNull();
    expect(priceFloorOf(['投标报价不得低于成本，否则按无效投标处理。'], 5_000_000)).toBeNull();
    expect(priceFloorOf(['最高限价：500万元。质保期不得低于2年。'], 5_000_000)).toBeNull();
    expect(priceFloorOf(['报价有效期不得低于90天。'], 5_000_000)).toBeNull();
  });

  it('reads the floor of the bid’s own 包 where the tender states one per 包', () => {
    const perLot = ['包1最低限价为400万元，包2最低限价为150万元。', '最低限价：包1为380万元；包2为120万元'];
    expect(priceFloorOf([perLot[0]], null, 1)).toBe(4_000_000);
    expect(priceFloorOf([perLot[0]], null, 2)).toBe(1_500_000);
    expect(priceFloorOf([perLot[1]], null, 1)).toBe(3_800_000);
    expect(priceFloorOf([perLot[1]], null, 2)).toBe(1_200_000);
    // Another 包's floor alone binds no bid on this one; a floor naming no 包 binds every 包.
    expect(priceFloorOf(['包1最低限价为400万元。'], null, 2)).toBeNull();
    expect(priceFloorOf(['投标报价不得低于最高限价的85%。'], 2_000_000, 2)).toBe(1_700_000);
  });

  it('a 工期 at most, a 质保期 and 投标有效期 at least, in the tender’s unit; silent where either states none', () => {
    const required = { period: '90日历天', warranty: '2年', validity: '90日历天' };
    expect(termFindings(required, { period: '60日历天', warranty: '24个月', validity: '120天' })).toEqual([]);
    expect(termFindings(required, none)).toEqual([]);
    expect(termFindings(none, { period: '300日历天', warranty: '1年', validity: '10天' })).toEqual([]);
    expect(termFindings(required, { period: '120日历天', warranty: '一年', validity: '六十日历天' })).toEqual(
      [
        '工期超过招标文件要求：“报价与格式”中填写的是 120日历天，招标文件要求 90日历天，请在“报价与格式”中修改',
        '质保期短于招标文件要求：“报价与格式”中填写的是 1年，招标文件要求 2年，请在“报价与格式”中修改',
        '投标有效期短于招标文件要求：“报价与格式”中填写的是 60日历天，招标文件要求 90日历天，请在“报价与格式”中修改',
      ],
    );
    // A month is no fixed count of days: the writer is asked for the tender's unit.
    expect(termFindings(required, { period: '3个月', warranty: null, validity: null })).toEqual([
      '工期与招标文件的单位不同：“报价与格式”中填写的是 3个月，招标文件要求 90日历天，请在“报价与格式”中按招标文件的写法填写',
    ]);
  });
});

describe('分项 lines: sums in whole fen', () => {
  it('rounds the 小计 and the 税额 on it to the fen, and adds the 合计 of each line', () => {
    expect(priceLineTotals({ quantity: 3, unitPrice: 0.1, taxRate: 13 })).toEqual({
      subtotal: 0.3,
      tax: 0.04,
      total: 0.34,
    });
    expect(priceLineTotals({ quantity: 1.5, unitPrice: 33.33, taxRate: 0 })).toEqual({
      subtotal: 50,
      tax: 0,
      total: 50,
    });
    expect(
      priceLinesTotal([
        { quantity: 3, unitPrice: 0.1, taxRate: 13 },
        { quantity: 12, unitPrice: 80_000.5, taxRate: 6 },
      ]),
    ).toBe(1_017_606.7);
  });
});

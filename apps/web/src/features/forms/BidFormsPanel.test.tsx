import { beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { priceLineTotals, type BidForms, type PriceLineInput } from '@bid/shared';
import { ok } from '../../api/testkit.ts';
import { fakeApi, renderWithQueries } from '../../test/fake-api.tsx';
import { BidFormsPanel } from './BidFormsPanel.tsx';

/**
 * The 报价 screen against a fake API: a tender without a forms chapter says so; the 大写 follows
 * the typed 小写 at once; a wrong amount is answered in Chinese and not sent; a saved price is sent
 * once and the forms the server answers replace the old ones.
 */

configure({ asyncUtilTimeout: 20_000 });

const noTerms = { period: null, warranty: null, validity: null };
const noForms: BidForms = {
  lot: null,
  price: null,
  ceiling: 500_000,
  overCeiling: false,
  floor: 425_000,
  underFloor: false,
  terms: { required: { period: '90日历天', warranty: '2年', validity: '90日历天' }, offered: noTerms },
  lines: [],
  issues: [],
  forms: [],
};
const SHORT =
  '投标有效期短于招标文件要求：“报价与格式”中填写的是 60日历天，招标文件要求 90日历天，请在“报价与格式”中修改';
const letter = (price: string | null): BidForms['forms'][number] => ({
  title: '投标函',
  kind: 'letter',
  catalogId: 'c1',
  open: price ? [] : ['投标总价（小写）'],
  blocks: [
    {
      kind: 'paragraph',
      segments: [
        { text: '投标总价：¥' },
        price
          ? { text: price, blank: 'filled', label: '投标总价（小写）' }
          : { text: '____', blank: 'open', label: '投标总价（小写）' },
      ],
    },
  ],
});

let current: BidForms;
const api = fakeApi({
  '/bid/client/getBidForms': () => ok(current),
  '/bid/client/saveBidPrice': (c) => {
    const { amount } = JSON.parse(c.data as string) as { amount: number };
    current = {
      ...current,
      price: { amount, upper: '人民币肆拾万元整', lower: '¥400,000.00' },
      forms: [letter('400,000.00')],
    };
    return ok(current);
  },
  '/bid/client/saveBidPriceLines': (c) => {
    const { lines } = JSON.parse(c.data as string) as { lines: PriceLineInput[] };
    const priced = lines.map((l) => ({ ...l, ...priceLineTotals(l) }));
    const amount = priced.reduce((n, l) => n + l.total, 0);
    current = {
      ...current,
      lines: priced,
      price: { amount, upper: '人民币', lower: `¥${amount.toFixed(2)}` },
    };
    return ok(current);
  },
  '/bid/client/saveBidTerms': (c) => {
    const { period, warranty, validity } = JSON.parse(c.data as string) as BidForms['terms']['offered'];
    current = {
      ...current,
      terms: { ...current.terms, offered: { period, warranty, validity } },
      issues: validity === '60日历天' ? [SHORT] : [],
    };
    return ok(current);
  },
});

beforeEach(() => {
  current = noForms;
});

const renderPanel = () => renderWithQueries(<BidFormsPanel bidId="b1" readOnly={false} />);

describe('BidFormsPanel', { timeout: 60_000 }, () => {
  it('says when the tender has no forms chapter and that no price is entered yet', async () => {
    renderPanel();
    await screen.findByTestId('forms-empty');
    expect(screen.getByTestId('price-empty').textContent).toContain('尚未填写报价');
    expect(screen.getByText('招标文件最高限价（预算）：¥500,000.00')).toBeTruthy();
  });

  it('writes the 大写 as the writer types, refuses a wrong amount in Chinese, and shows the forms the save answers', async () => {
    current = { ...noForms, forms: [letter(null)] };
    renderPanel();
    await screen.findByTestId('bid-form');
    expect(screen.getByTestId('form-open').textContent).toBe('____');
    const input = screen.getByTestId('price-input') as HTMLInputElement;

    fireEvent.change(input, { target: { value: '0' } });
    await screen.findByText('报价须大于 0');
    fireEvent.change(input, { target: { value: '600000' } });
    await screen.findByTestId('price-over-ceiling');

    fireEvent.change(input, { target: { value: '400000' } });
    await screen.findByTestId('price-under-floor');
    expect(screen.getByText('招标文件最低限价：¥425,000.00')).toBeTruthy();
    fireEvent.change(input, { target: { value: '450000' } });
    await waitFor(() => expect(screen.queryByTestId('price-under-floor')).toBeNull());
    fireEvent.change(input, { target: { value: '400000' } });
    await waitFor(() => expect(screen.getByTestId('price-upper').textContent).toBe('大写：人民币肆拾万元整'));
    expect(screen.queryByTestId('price-over-ceiling')).toBeNull();
    fireEvent.click(screen.getByTestId('price-save'));
    await waitFor(() => expect(screen.getByTestId('form-filled').textContent).toBe('400,000.00'));
    expect(api.sent('/bid/client/saveBidPrice')).toEqual([{ id: 'b1', amount: 400000 }]);
  });

  it('shows what the tender requires beside each term, refuses a non-duration, and lists the saved terms’ findings', async () => {
    renderPanel();
    await screen.findByTestId('terms-form');
    expect(screen.getAllByText('招标文件要求：90日历天')).toHaveLength(2);
    expect(screen.getByText('招标文件要求：2年')).toBeTruthy();

    fireEvent.change(screen.getByTestId('term-period'), { target: { value: '尽快' } });
    await screen.findByText('须写成数字加单位，如 90日历天');
    // Refused on the screen: the one request below is the only one sent.
    fireEvent.click(screen.getByTestId('terms-save'));

    fireEvent.change(screen.getByTestId('term-period'), { target: { value: '60日历天' } });
    fireEvent.change(screen.getByTestId('term-validity'), { target: { value: '60日历天' } });
    fireEvent.click(screen.getByTestId('terms-save'));
    await waitFor(() => expect(screen.getByTestId('forms-issues').textContent).toContain(SHORT));
    expect(api.sent('/bid/client/saveBidTerms')).toEqual([
      { id: 'b1', period: '60日历天', warranty: null, validity: '60日历天' },
    ]);
  });

  it('computes each 分项 line’s 小计, 税额 and 合计 as typed, saves the lines, and then the 报价 is their 合计', async () => {
    renderPanel();
    await screen.findByTestId('lines-form');
    fireEvent.click(screen.getByTestId('line-add'));
    fireEvent.click(screen.getByTestId('line-add'));
    const [name1, name2] = screen.getAllByTestId('line-name');
    const [q1, q2] = screen.getAllByTestId('line-quantity');
    const [p1, p2] = screen.getAllByTestId('line-price');
    const [, r2] = screen.getAllByTestId('line-rate');
    fireEvent.change(name1, { target: { value: '路灯维修' } });
    fireEvent.change(q1, { target: { value: '120' } });
    fireEvent.change(p1, { target: { value: '2500' } });
    // The first line keeps the 13 % a new line starts with; the second is set to 6 %.
    fireEvent.change(name2, { target: { value: '巡检服务' } });
    fireEvent.change(q2, { target: { value: '3' } });
    fireEvent.change(p2, { target: { value: '0.1' } });
    fireEvent.change(r2, { target: { value: '6' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('line-total').map((e) => e.textContent)).toEqual(['¥339,000.00', '¥0.32']),
    );
    expect(screen.getAllByTestId('line-tax').map((e) => e.textContent)).toEqual(['¥39,000.00', '¥0.02']);
    expect(screen.getByTestId('lines-total').textContent).toBe('分项合计：¥339,000.32');

    fireEvent.click(screen.getByTestId('lines-save'));
    await waitFor(() => expect(api.sent('/bid/client/saveBidPriceLines')).toHaveLength(1));
    expect(api.sent('/bid/client/saveBidPriceLines')).toEqual([
      {
        id: 'b1',
        lines: [
          { name: '路灯维修', quantity: 120, unitPrice: 2500, taxRate: 13 },
          { name: '巡检服务', quantity: 3, unitPrice: 0.1, taxRate: 6 },
        ],
      },
    ]);
    // Saved: the 报价 is the lines' 合计, not typed.
    await waitFor(() => expect((screen.getByTestId('price-input') as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByText(/报价为下方分项报价的合计/)).toBeTruthy();
    expect(screen.queryByTestId('price-save')).toBeNull();
  });
});

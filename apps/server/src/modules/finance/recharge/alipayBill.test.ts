import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { gbk } from '@app/testkit';
import { alipayBillSettlements, billDays } from './alipayBill.js';

const HEAD =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
const row = (trade: string, order: string, kind: string, name: string, amount: string) =>
  [
    trade,
    order,
    kind,
    name,
    '2026-12-01 10:00:00',
    '2026-12-01 10:00:05',
    '',
    '',
    '',
    '',
    'a***@example.com',
    amount,
    amount,
    '0.00',
    '0.00',
    '0.00',
    '0.00',
    '0.00',
    '',
    '0.00',
    '0.00',
    '',
    '0.00',
    '0.00',
    '',
  ]
    .map((c) => `${c}\t`)
    .join(',');

describe('alipayBillSettlements', () => {
  it('reads the trade rows of the GBK detail file, skipping refunds, the summary file and the comment lines', () => {
    const detail = [
      '#支付宝业务明细查询',
      '#账号：[20880000000000010156]',
      '#-----------------------------------------业务明细列表----------------------------------------',
      HEAD,
      row('2026120122001100000001', 'R1', '交易', '60 金币', '6.00'),
      row('2026120122001100000002', '', '交易', '"大礼包, 含赠送"', '12.3'),
      row('2026120122001100000001', 'R1', '退款', '60 金币', '-6.00'),
      '#-----------------------------------------业务明细列表结束------------------------------------',
      '#交易合计：2笔，商家实收共计：18.30元',
    ].join('\r\n');
    const summary = ['#支付宝业务汇总查询', '门店编号,门店名称,交易订单总笔数,订单金额（元）', ',合计,2,18.30'].join('\r\n');
    const zip = zipSync({ 'a_20261201_业务明细.csv': gbk(detail), 'a_20261201_业务明细(汇总).csv': gbk(summary) });
    expect(alipayBillSettlements(zip)).toEqual([
      { order_no: 'R1', trade_no: '2026120122001100000001', amount_fen: 600, currency: 'cny' },
      { order_no: null, trade_no: '2026120122001100000002', amount_fen: 1230, currency: 'cny' },
    ]);
  });

  it('refuses a detail file whose header lacks a column it reads, and an archive that is no zip', () => {
    const zip = zipSync({ 'x.csv': gbk('支付宝交易号,商户订单号,业务类型\r\n1,R1,交易') });
    expect(() => alipayBillSettlements(zip)).toThrow(/column/);
    expect(() => alipayBillSettlements(new TextEncoder().encode('<html>not found</html>'))).toThrow();
  });
});

describe('billDays', () => {
  it('lists each China day of the window and the day before', () => {
    // 2026-12-01 23:30 to 2026-12-02 00:30 China time.
    expect(billDays(Date.parse('2026-12-01T15:30:00Z'), Date.parse('2026-12-01T16:30:00Z'))).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(billDays(Date.parse('2026-12-01T02:00:00Z'), Date.parse('2026-12-01T03:00:00Z'))).toEqual(['2026-11-30', '2026-12-01']);
  });
});

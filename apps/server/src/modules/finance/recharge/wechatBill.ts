import { Formatter } from 'wechatpay-axios-plugin';
import type { Settlement } from './paymentProvider.js';

/** Yuan with two decimals ("12.30") as fen, without floating point. */
export const fenOf = (yuan: string): number => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
};

/** The China date (yyyy-MM-dd) of an instant: WeChat Pay's bills are per China day. */
export const chinaDate = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The paid rows of a trade bill (`bill_type=SUCCESS`) as settlements: the CSV WeChat Pay serves
 * (a BOM, a header row, rows whose every cell starts with a backtick, then a two-line summary),
 * read by the SDK's own bill reader. Refund rows and rows in another state are left out.
 */
export function billSettlements(csv: Buffer): Settlement[] {
  const { rows } = Formatter.castCsvBill(csv) as { rows: Record<string, string>[] };
  return rows
    .filter((r) => r['交易状态'] === 'SUCCESS')
    .map((r) => ({
      order_no: r['商户订单号'] || null,
      trade_no: r['微信订单号'] ?? '',
      amount_fen: fenOf(r['订单金额'] ?? ''),
      currency: (r['货币种类'] ?? '').toLowerCase(),
    }));
}

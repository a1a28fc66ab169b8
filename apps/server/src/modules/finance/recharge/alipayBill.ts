import { unzipSync } from 'fflate';
import { addDays, chinaDay } from '../../../lib/chinaTime.js';
import { PRICE_CURRENCY, type Settlement } from './paymentProvider.js';

/** The largest bill archive read (a day's trade bill of a busy merchant is a few MB). */
export const BILL_MAX_BYTES = 64 * 1024 * 1024;

/** Yuan with at most two decimals ("12.3", "12.30") as fen, without floating point; NaN when it is none. */
const fenOf = (yuan: string): number => {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(yuan);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
};

/** One CSV line's cells (RFC 4180 quoting; Alipay pads most cells with a tab, which is trimmed). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/**
 * The payments of one CSV file of the archive, when it is the detail file (业务明细): `#` comment
 * lines around a header row naming 支付宝交易号 and 商户订单号, one row per trade or refund. The
 * summary file (业务明细(汇总)) has no such header and gives nothing. Refund rows are left out: a
 * refunded payment was settled all the same, and its refund is the ledger's own record.
 */
function detailSettlements(text: string): Settlement[] {
  const lines = text.split(/\r?\n/);
  const head = lines.findIndex((l) => !l.startsWith('#') && l.includes('支付宝交易号') && l.includes('商户订单号'));
  if (head < 0) return [];
  const names = cells(lines[head]!);
  const col = (name: string) => names.findIndex((n) => n.startsWith(name));
  const [trade, order, kind, amount] = [col('支付宝交易号'), col('商户订单号'), col('业务类型'), col('订单金额')];
  if ([trade, order, kind, amount].includes(-1)) throw new Error('Alipay trade bill: a column is missing from its header');
  const out: Settlement[] = [];
  for (const line of lines.slice(head + 1)) {
    if (line.startsWith('#')) break;
    if (!line.trim()) continue;
    const row = cells(line);
    if (row[kind] !== '交易') continue;
    const fen = fenOf(row[amount] ?? '');
    if (!row[trade] || Number.isNaN(fen)) throw new Error(`Alipay trade bill: a row without a trade number or amount (${line.slice(0, 80)})`);
    out.push({ order_no: row[order] || null, trade_no: row[trade]!, amount_fen: fen, currency: PRICE_CURRENCY });
  }
  return out;
}

/**
 * The payments of a day's trade bill (`bill_type=trade`): a zip of GBK CSV files, the detail one
 * and its summary (decision 0227). Entry names are not relied on (their encoding is not
 * zip's UTF-8): the detail file is known by its header row.
 */
export function alipayBillSettlements(zip: Uint8Array): Settlement[] {
  const gbk = new TextDecoder('gbk');
  const out: Settlement[] = [];
  for (const [name, bytes] of Object.entries(unzipSync(zip))) if (!name.endsWith('/')) out.push(...detailSettlements(gbk.decode(bytes)));
  return out;
}

/** The China days whose bills cover [fromMs, toMs): each day the window touches, and the day before (a bill holds its own day). */
export function billDays(fromMs: number, toMs: number): string[] {
  const days: string[] = [];
  for (let d = addDays(chinaDay(fromMs), -1), last = chinaDay(Math.max(fromMs, toMs - 1)); d <= last; d = addDays(d, 1)) days.push(d);
  return days;
}

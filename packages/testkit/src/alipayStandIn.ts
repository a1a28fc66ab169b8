/**
 * A stand-in for Alipay's open-platform gateway (`/gateway.do`), on 127.0.0.1, for what the
 * `alipay-sdk` calls: the common parameters (`app_id`, `method`, `charset`, `sign_type=RSA2`,
 * `timestamp`, `version`, `notify_url`, `return_url`) in the query, `biz_content` (JSON) in the query
 * or a form body, all of them RSA2-signed with the application's private key (the parameters but
 * `sign`, sorted, `k=v` joined by `&`, SHA256withRSA, base64). Answers are JSON
 * `{"<method>_response": {code, msg, sub_code?, sub_msg?, …}, "sign": …}`, the inner object's exact
 * text signed with Alipay's private key. Methods: `alipay.trade.wap.pay` and `alipay.trade.page.pay`
 * (the browser's GET: the cashier page, which makes the trade), `alipay.trade.query`,
 * `alipay.trade.close`, `alipay.trade.refund` (deduplicated by `out_request_no`), and
 * `alipay.data.dataservice.bill.downloadurl.query` (`bill_type=trade`: the URL of the day's bill, a
 * zip of two GBK CSV files in Alipay's layout, the detail of the trades paid that China day and of
 * their refunds, and its summary; `isp.bill_not_exist` for a day after `billsThrough`). Paying at the
 * cashier sends the async notify (a form POST to `notify_url`: the fields but `sign` and `sign_type`,
 * sorted and signed the same way with Alipay's key) and sends the payer to `return_url`. Both key
 * pairs are made here, fresh for each stand-in.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { closeLoopback, listenOnLoopback } from './loopback.js';

export interface StandInTrade {
  out_trade_no: string;
  trade_no: string;
  /** Which cashier made it. */
  method: 'alipay.trade.wap.pay' | 'alipay.trade.page.pay' | 'settled';
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';
  total_amount: string;
  subject: string;
  notify_url: string;
  return_url: string;
  time_expire: string;
  gmt_create: string;
  send_pay_date?: string;
  refunded: Map<string, string>;
}

type Fields = Record<string, string>;

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const chinaTime = (ms = Date.now()): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The signed text of a parameter set: its parameters but those left out, sorted by name, `k=v`
 * joined by `&`. A request leaves out its empty parameters too; a notify signs every one it sends.
 */
const signedText = (fields: Fields, leaveOut: string[], dropEmpty: boolean): string =>
  Object.keys(fields)
    .filter((k) => !leaveOut.includes(k) && !(dropEmpty && fields[k] === ''))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

/** A text's GBK bytes, as Alipay writes its bills (iconv-lite: an encoder apart from the ICU decoder the server reads them with). */
export const gbk = (text: string): Buffer => iconv.encode(text, 'gbk');

const rsa2 = (text: string, privateKey: string): string => createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');

export class AlipayStandIn {
  readonly appId = `2021${randomBytes(6).toString('hex').replace(/\D/g, '7').slice(0, 12)}`;
  /** The application's key pair: the server signs with the private key, the stand-in verifies with the public one. */
  readonly appPrivateKey: string;
  private readonly appPublicKey: string;
  /** Alipay's key pair: the stand-in signs, the server verifies with the public key (ALIPAY_PUBLIC_KEY). */
  readonly alipayPublicKey: string;
  private readonly alipayPrivateKey: string;
  readonly trades = new Map<string, StandInTrade>();
  /** Every call the gateway took, by method (to assert what was asked). */
  readonly calls: Array<{ method: string; biz: Record<string, unknown> }> = [];
  /** Answers refunds with a business refusal while set. */
  failRefunds = false;
  /** The last China day (yyyy-MM-dd) with a bill: Alipay writes a day's bill the next morning (a test moves it to today). */
  billsThrough = chinaTime(Date.now() - 86_400_000).slice(0, 10);
  url = '';
  private server: http.Server | undefined;

  constructor() {
    const app = pair();
    const ali = pair();
    this.appPrivateKey = app.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    this.appPublicKey = app.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.alipayPrivateKey = ali.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.alipayPublicKey = ali.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  get gateway(): string {
    return `${this.url}/gateway.do`;
  }

  async start(): Promise<void> {
    ({ server: this.server, url: this.url } = await listenOnLoopback(
      (req, body, res) => this.handle(req, body, res),
      (err) => ({ type: 'text/plain', body: String(err) }),
    ));
  }

  stop(): Promise<void> {
    return closeLoopback(this.server);
  }

  /** Marks a trade paid without telling anyone (a lost notify); makes it when the cashier was never opened. */
  pay(orderNo: string, amount?: string): StandInTrade {
    const t = this.trades.get(orderNo) ?? this.newTrade(orderNo, 'settled', { total_amount: amount ?? '0.01', subject: '', notify_url: '', return_url: '' });
    Object.assign(t, { trade_status: 'TRADE_SUCCESS', send_pay_date: chinaTime() });
    return t;
  }

  /** A notify's fields for a trade, as Alipay sends them (unsigned); `patch` changes any field. */
  notifyFields(orderNo: string, patch: Fields = {}): Fields {
    const t = this.trades.get(orderNo);
    if (!t) throw new Error(`no trade ${orderNo}`);
    return {
      notify_time: chinaTime(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      trade_status: t.trade_status,
      total_amount: t.total_amount,
      receipt_amount: t.total_amount,
      buyer_pay_amount: t.total_amount,
      ...(t.subject ? { subject: t.subject } : {}),
      gmt_create: t.gmt_create,
      ...(t.send_pay_date ? { gmt_payment: t.send_pay_date } : {}),
      seller_id: '2088000000000001',
      buyer_open_id: 'stand-in-buyer',
      ...patch,
    };
  }

  /** The form body of a notify, signed with Alipay's key (or `key`: a forger's). */
  signedNotify(fields: Fields, key = this.alipayPrivateKey): string {
    return new URLSearchParams({ ...fields, sign: rsa2(signedText(fields, ['sign', 'sign_type'], false), key) }).toString();
  }

  /** A private key that is not Alipay's (a forged notify). */
  static otherKey(): string {
    return pair().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  /** Posts a notify form to `url` as Alipay does; answers the status and the body text. */
  async deliver(url: string, form: string): Promise<{ status: number; text: string }> {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: form });
    return { status: res.status, text: await res.text() };
  }

  /** A paid trade for an order number the merchant never made, notified to `notifyUrl` (someone else's payment, or a bug). */
  async settleForeign(orderNo: string, amount: string, notifyUrl: string): Promise<StandInTrade> {
    const t = this.pay(orderNo, amount);
    await this.deliver(notifyUrl, this.signedNotify(this.notifyFields(orderNo)));
    return t;
  }

  private newTrade(
    orderNo: string,
    method: StandInTrade['method'],
    f: Pick<StandInTrade, 'total_amount' | 'subject' | 'notify_url' | 'return_url'> & { time_expire?: string },
  ): StandInTrade {
    const t: StandInTrade = {
      out_trade_no: orderNo,
      trade_no: `${chinaTime().replace(/\D/g, '').slice(0, 8)}22001${randomBytes(8).toString('hex').replace(/\D/g, '3').slice(0, 11)}`,
      method,
      trade_status: 'WAIT_BUYER_PAY',
      time_expire: f.time_expire ?? '',
      gmt_create: chinaTime(),
      refunded: new Map(),
      ...f,
    };
    this.trades.set(orderNo, t);
    return t;
  }

  /** The answer to a gateway call, signed: the inner object's exact JSON text is what Alipay signs. */
  private answer(res: http.ServerResponse, method: string, body: Record<string, unknown>): void {
    const inner = JSON.stringify(body);
    const key = `${method.replace(/\./g, '_')}_response`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(`{"${key}":${inner},"sign":"${rsa2(inner, this.alipayPrivateKey)}"}`);
  }

  private refusal(res: http.ServerResponse, method: string, code: string, msg: string, sub_code: string, sub_msg: string): void {
    this.answer(res, method, { code, msg, sub_code, sub_msg });
  }

  private async handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', this.url);
    const pay = /^\/cashier\/(\w+)\/pay$/.exec(u.pathname);
    if (pay && req.method === 'POST') return this.paidAtCashier(pay[1]!, res);
    if (u.pathname === '/downloadBillFile.resource' && req.method === 'GET') return this.billFile(u.searchParams.get('bizDates') ?? '', res);
    if (u.pathname !== '/gateway.do') return void res.writeHead(404).end();
    const fields: Fields = Object.fromEntries(u.searchParams);
    if (req.method === 'POST') for (const [k, v] of new URLSearchParams(body)) fields[k] = v;
    const method = fields.method ?? '';
    const ok =
      fields.sign &&
      createVerify('RSA-SHA256')
        .update(signedText(fields, ['sign'], true), 'utf8')
        .verify(this.appPublicKey, fields.sign, 'base64');
    if (!ok || fields.app_id !== this.appId || fields.sign_type !== 'RSA2')
      return this.refusal(res, method, '40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错');
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    this.calls.push({ method, biz });
    const orderNo = biz.out_trade_no ?? '';
    const t = this.trades.get(orderNo);
    switch (method) {
      case 'alipay.trade.wap.pay':
      case 'alipay.trade.page.pay':
        return this.cashier(res, method, fields, biz);
      case 'alipay.trade.query':
        if (!t) return this.refusal(res, method, '40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.out_trade_no,
          trade_no: t.trade_no,
          trade_status: t.trade_status,
          total_amount: t.total_amount,
          ...(t.send_pay_date ? { send_pay_date: t.send_pay_date } : {}),
        });
      case 'alipay.trade.close':
        if (!t) return this.refusal(res, method, '40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (t.trade_status !== 'WAIT_BUYER_PAY') return this.refusal(res, method, '40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        t.trade_status = 'TRADE_CLOSED';
        return this.answer(res, method, { code: '10000', msg: 'Success', out_trade_no: t.out_trade_no, trade_no: t.trade_no });
      case 'alipay.trade.refund': {
        if (!t || !t.send_pay_date) return this.refusal(res, method, '40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
        const requestNo = biz.out_request_no ?? '';
        if (!t.refunded.has(requestNo)) {
          if (this.failRefunds) return this.refusal(res, method, '40004', 'Business Failed', 'ACQ.SELLER_BALANCE_NOT_ENOUGH', '卖家余额不足');
          const given = [...t.refunded.values()].reduce((sum, v) => sum + Math.round(Number(v) * 100), 0);
          const asked = Math.round(Number(biz.refund_amount) * 100);
          if (!(asked > 0) || given + asked > Math.round(Number(t.total_amount) * 100))
            return this.refusal(res, method, '40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          t.refunded.set(requestNo, biz.refund_amount!);
          if (given + asked === Math.round(Number(t.total_amount) * 100)) t.trade_status = 'TRADE_CLOSED';
        }
        const fee = [...t.refunded.values()].reduce((sum, v) => sum + Math.round(Number(v) * 100), 0);
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.out_trade_no,
          trade_no: t.trade_no,
          fund_change: 'Y',
          refund_fee: (fee / 100).toFixed(2),
        });
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const date = biz.bill_date ?? '';
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d\d-\d\d$/.test(date))
          return this.refusal(res, method, '40004', 'Business Failed', 'isv.invalid-arguments', 'bill_type 或 bill_date 不合法');
        if (date > this.billsThrough) return this.refusal(res, method, '40004', 'Business Failed', 'isp.bill_not_exist', '账单不存在');
        return this.answer(res, method, {
          code: '10000',
          msg: 'Success',
          bill_download_url: `${this.url}/downloadBillFile.resource?bizType=trade&fileType=csv.zip&bizDates=${date.replace(/-/g, '')}&downloadFileName=${this.pid}_${date.replace(/-/g, '')}.csv.zip`,
        });
      }
    }
    return this.refusal(res, method, '40004', 'Business Failed', 'isv.invalid-method', `不存在的方法名 ${method}`);
  }

  /** The cashier (the payer's browser): makes the trade, or shows the one made, with a button that pays it. */
  private cashier(res: http.ServerResponse, method: 'alipay.trade.wap.pay' | 'alipay.trade.page.pay', fields: Fields, biz: Record<string, string>): void {
    const orderNo = biz.out_trade_no ?? '';
    if (!orderNo || !/^\d+(\.\d{1,2})?$/.test(biz.total_amount ?? '') || !biz.subject)
      return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('缺少必选参数');
    const t =
      this.trades.get(orderNo) ??
      this.newTrade(orderNo, method, {
        total_amount: biz.total_amount!,
        subject: biz.subject,
        notify_url: fields.notify_url ?? '',
        return_url: fields.return_url ?? '',
        time_expire: biz.time_expire ?? '',
      });
    const expired = t.time_expire !== '' && t.time_expire < chinaTime();
    const open = t.trade_status === 'WAIT_BUYER_PAY' && !expired;
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>支付宝收银台（替身）</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:0;background:#f5f5f5;display:flex;justify-content:center}main{max-width:428px;width:100%;padding:28px 18px;box-sizing:border-box;text-align:center}
.brand{color:#1677ff;font-weight:700;font-size:20px}.amount{font-size:34px;font-weight:700;margin:12px 0 4px}.muted{color:#888;font-size:13px}button{width:100%;margin-top:28px;padding:14px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:17px}</style></head>
<body><main><div class="brand">支付宝</div><div class="muted">${method === 'alipay.trade.wap.pay' ? '手机网站支付' : '电脑网站支付'}</div>
<div class="amount">¥${esc(t.total_amount)}</div><div>${esc(t.subject)}</div><div class="muted">订单号 ${esc(orderNo)}</div>
${open ? `<form method="post" action="/cashier/${encodeURIComponent(orderNo)}/pay"><button type="submit">确认付款</button></form>` : `<p>${expired ? '交易已超时' : '交易已结束'}</p>`}</main></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }

  /** The payer confirmed: the trade is paid, its notify sent, the payer sent back with the signed return parameters. */
  private async paidAtCashier(orderNo: string, res: http.ServerResponse): Promise<void> {
    const t = this.trades.get(orderNo);
    if (!t || t.trade_status !== 'WAIT_BUYER_PAY' || (t.time_expire !== '' && t.time_expire < chinaTime()))
      return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('交易已结束');
    this.pay(orderNo);
    if (t.notify_url) await this.deliver(t.notify_url, this.signedNotify(this.notifyFields(orderNo)));
    const back: Fields = {
      app_id: this.appId,
      method: `${t.method}.return`,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      timestamp: chinaTime(),
      out_trade_no: t.out_trade_no,
      trade_no: t.trade_no,
      total_amount: t.total_amount,
      seller_id: '2088000000000001',
    };
    const signed = new URLSearchParams({ ...back, sign: rsa2(signedText(back, ['sign', 'sign_type'], false), this.alipayPrivateKey) });
    res.writeHead(302, { location: `${t.return_url}${t.return_url.includes('?') ? '&' : '?'}${signed}` }).end();
  }

  /** The merchant's partner id (2088…), as the bill names it. */
  private readonly pid = '2088000000000001';

  /**
   * One day's trade bill (`yyyyMMdd`) as Alipay serves it: a zip of `<pid>_<day>_业务明细.csv` and
   * `<pid>_<day>_业务明细(汇总).csv`, GBK, `#` comment lines around the table, every cell padded with
   * a tab; a trade row for each trade paid that day, a refund row for each of its refunds.
   */
  private billFile(day: string, res: http.ServerResponse): void {
    const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
    if (!/^\d{8}$/.test(day) || date > this.billsThrough) return void res.writeHead(404).end();
    const paid = [...this.trades.values()].filter((t) => t.send_pay_date?.startsWith(date));
    const cell = (v: string) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v) + '\t';
    const line = (cells: string[]) => cells.map(cell).join(',');
    const rows = paid.flatMap((t) => [
      line([
        t.trade_no,
        t.out_trade_no,
        '交易',
        t.subject,
        t.gmt_create,
        t.send_pay_date!,
        '',
        '',
        '',
        '',
        'buy***@example.com',
        t.total_amount,
        t.total_amount,
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
      ]),
      ...[...t.refunded].map(([requestNo, amount]) =>
        line([
          t.trade_no,
          t.out_trade_no,
          '退款',
          t.subject,
          t.gmt_create,
          chinaTime(),
          '',
          '',
          '',
          '',
          'buy***@example.com',
          `-${amount}`,
          `-${amount}`,
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '',
          '0.00',
          '0.00',
          requestNo,
          '0.00',
          '0.00',
          '',
        ]),
      ),
    ]);
    const total = paid.reduce((sum, t) => sum + Math.round(Number(t.total_amount) * 100), 0);
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[${this.pid}0156]`,
      `#起始日期：[${day.slice(0, 4)}年${day.slice(4, 6)}月${day.slice(6, 8)}日 00:00:00]   终止日期：[${day.slice(0, 4)}年${day.slice(4, 6)}月${day.slice(6, 8)}日 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      ...rows,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${paid.length}笔，商家实收共计：${(total / 100).toFixed(2)}元`,
      `#导出时间：[${chinaTime()}]`,
    ].join('\r\n');
    const summary = [
      '#支付宝业务汇总查询',
      `#账号：[${this.pid}0156]`,
      '#-----------------------------------------业务汇总列表----------------------------------------',
      '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,支付宝优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）',
      line([
        '',
        '合计',
        String(paid.length),
        '0',
        (total / 100).toFixed(2),
        (total / 100).toFixed(2),
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        (total / 100).toFixed(2),
      ]),
      '#-----------------------------------------业务汇总列表结束------------------------------------',
    ].join('\r\n');
    const zip = zipSync({
      [`${this.pid}0156_${day}_业务明细.csv`]: gbk(detail),
      [`${this.pid}0156_${day}_业务明细(汇总).csv`]: gbk(summary),
    });
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.byteLength }).end(Buffer.from(zip));
  }
}

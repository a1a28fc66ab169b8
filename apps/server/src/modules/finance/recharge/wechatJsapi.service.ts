import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../../deps.js';
import { parseNames } from '../../../db/names.js';
import { rechargeRepository } from './recharge.repository.js';
import type { JsapiParams, WechatPayProvider } from './wechatProvider.js';
import { wechatOpenidRepository as openids } from './wechatOpenid.repository.js';

/** How long a payer may take at WeChat's OAuth page before its `state` is refused, seconds. */
const STATE_TTL_S = 600;

/** An order as the JSAPI page shows it: its package's name in each language (zh-CN: `name`). */
interface OrderBrief {
  order_no: string;
  name: string;
  names: Record<string, string>;
  price_fen: number;
}

/** What the JSAPI page does: send the browser somewhere, or show the payment (or why there is none). */
type JsapiStep = { redirect: string } | { pay: JsapiParams; order: OrderBrief } | { closed: OrderBrief };

/**
 * WeChat Pay JSAPI inside WeChat (decision 0228). The order's page needs the payer's openid under
 * WECHAT_PAY_APPID: a member without one is sent through WeChat's OAuth (`snsapi_base`), whose
 * `state` names the order, expires, and is signed (HMAC-SHA256) so only a state this server made
 * binds an openid to the order's member; the openid is kept for their next payment. With it the
 * page gets the JSAPI order's parameters, paySign computed here with the merchant key.
 */
export class WechatJsapiService {
  private readonly stateKey: Buffer;

  constructor(
    private readonly deps: Deps,
    private readonly provider: WechatPayProvider,
    private readonly appid: string,
    apiV3Key: string,
  ) {
    // A key of its own, derived from a secret the configuration already holds.
    this.stateKey = createHmac('sha256', apiV3Key).update('wechat-oauth-state').digest();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.stateKey).update(body).digest('hex').slice(0, 32);
  }

  /** `<order_no>Z<expiry>Z<mac>`: letters and digits only, as WeChat's OAuth carries `state` (≤ 128 bytes). */
  private state(orderNo: string, nowMs: number): string {
    const body = `${orderNo}Z${Math.floor(nowMs / 1000) + STATE_TTL_S}`;
    return `${body}Z${this.mac(body)}`;
  }

  /** The order a state names, if this server made it and it has not expired. */
  private orderOfState(state: string, nowMs: number): string | undefined {
    const m = /^([A-Za-z0-9]{1,40})Z(\d{1,12})Z([0-9a-f]{32})$/.exec(state);
    if (!m) return undefined;
    const want = Buffer.from(this.mac(`${m[1]}Z${m[2]}`));
    if (!timingSafeEqual(want, Buffer.from(m[3]!)) || Number(m[2]) * 1000 < nowMs) return undefined;
    return m[1];
  }

  /** The JSAPI page of a pending WeChat order; undefined for no such order. `reauth` asks WeChat for the openid again. */
  async page(orderNo: string, reauth = false, nowMs = Date.now()): Promise<JsapiStep | undefined> {
    const db = this.deps.db.kysely;
    const order = await rechargeRepository.orderByNo(db, orderNo);
    if (!order || order.provider !== 'wechat') return undefined;
    const pkg = await rechargeRepository.package(db, order.package_id);
    const brief = { order_no: order.order_no, name: order.name, names: parseNames(pkg?.names), price_fen: order.price_fen };
    if (order.status !== 'pending') return { closed: brief };
    const openid = reauth ? undefined : await openids.openid(db, order.user_id, this.appid);
    if (!openid) return { redirect: this.provider.oauthUrl(this.state(order.order_no, nowMs)) };
    return { pay: await this.provider.jsapiPayment(order, openid), order: brief };
  }

  /**
   * WeChat's OAuth sent the payer back: a state this server made names the order; the code gives
   * the openid, kept for the order's member; then the order's page again. Answers that page, or
   * undefined when the state is not ours or has expired.
   */
  async oauthReturn(code: string, state: string, nowMs = Date.now()): Promise<string | undefined> {
    const orderNo = this.orderOfState(state, nowMs);
    const order = orderNo ? await rechargeRepository.orderByNo(this.deps.db.kysely, orderNo) : undefined;
    if (!order || order.provider !== 'wechat') return undefined;
    await openids.keep(this.deps.db.kysely, order.user_id, this.appid, await this.provider.openidOf(code));
    return order.order_no;
  }
}

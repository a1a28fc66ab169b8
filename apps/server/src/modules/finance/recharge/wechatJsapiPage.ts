import type { JsapiParams } from './wechatProvider.js';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (fen: number): string => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** JSON inside a <script>: "<" escaped so no value can close the tag. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

const TEXT = {
  'zh-CN': {
    title: '微信支付',
    paying: '正在调起微信支付…',
    paid: '支付成功，正在返回…',
    cancelled: '已取消支付',
    failed: '支付未完成，请重试',
    closed: '该订单已结束',
    retry: '重新支付',
    switchAccount: '重新授权微信账号',
    back: '返回应用',
  },
  en: {
    title: 'WeChat Pay',
    paying: 'Opening WeChat Pay…',
    paid: 'Paid. Taking you back…',
    cancelled: 'Payment cancelled',
    failed: 'The payment did not go through. Try again',
    closed: 'This order is closed',
    retry: 'Pay again',
    switchAccount: 'Authorize another WeChat account',
    back: 'Back to the app',
  },
} as const;

export interface JsapiPageView {
  lang: 'zh-CN' | 'en';
  order: { order_no: string; name: string; price_fen: number };
  /** The bridge's parameters (a pending order), or none (the order is over). */
  pay?: JsapiParams;
  /** Where the payer goes once paid, and back to the app. */
  returnUrl: string;
  /** This page with a fresh OAuth (the openid kept may be another WeChat account's). */
  reauthUrl: string;
}

/**
 * The page WeChat's browser opens to pay an order by JSAPI (decisions 0228–0229): it hands the server's
 * parameters to `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` as soon as the bridge is ready
 * (WeChat then shows its own pay sheet); paid, it goes back to the app's recharge page, which waits
 * for the order (the notify credits it); cancelled or failed, it offers to try again.
 */
export function wechatJsapiPage(v: JsapiPageView): string {
  const t = TEXT[v.lang];
  const script = v.pay
    ? `<script>
const PARAMS = ${scriptJson(v.pay)}, BACK = ${scriptJson(v.returnUrl)}, T = ${scriptJson({ paid: t.paid, cancelled: t.cancelled, failed: t.failed })};
const state = document.getElementById('state'), again = document.getElementById('again');
function pay() {
  again.hidden = true;
  WeixinJSBridge.invoke('getBrandWCPayRequest', PARAMS, function (res) {
    const msg = res && res.err_msg;
    if (msg === 'get_brand_wcpay_request:ok') { state.textContent = T.paid; location.replace(BACK); return; }
    state.textContent = msg === 'get_brand_wcpay_request:cancel' ? T.cancelled : T.failed;
    again.hidden = false;
  });
}
document.getElementById('retry').onclick = pay;
if (typeof WeixinJSBridge === 'undefined') document.addEventListener('WeixinJSBridgeReady', pay, false);
else pay();
</script>`
    : '';
  return `<!doctype html>
<html lang="${v.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title}</title>
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;margin:0;background:#ededed;color:#222;display:flex;justify-content:center}
main{width:100%;max-width:428px;padding:32px 16px;box-sizing:border-box}
.card{background:#fff;border-radius:12px;padding:24px 20px;text-align:center;box-shadow:0 1px 4px rgba(0,0,0,.06)}
.brand{color:#07c160;font-weight:700;font-size:18px}.name{font-size:16px;margin:14px 0 4px}.price{font-size:36px;font-weight:700;margin:4px 0 8px}
.muted{color:#888}.small{font-size:12px}.state{text-align:center;color:#555;min-height:1.4em;margin:18px 0 4px}
button,.link{display:block;width:100%;box-sizing:border-box;border:0;border-radius:8px;padding:13px;font-size:16px;margin-top:12px;text-align:center;text-decoration:none}
.primary{background:#07c160;color:#fff}.plain{background:#fff;color:#333;border:1px solid #ddd}
</style></head>
<body><main>
<div class="card"><div class="brand">${t.title}</div><div class="name">${esc(v.order.name)}</div><div class="price">${yuan(v.order.price_fen)}</div>
<div class="muted small">${esc(v.order.order_no)}</div></div>
<p id="state" class="state">${v.pay ? t.paying : t.closed}</p>
${v.pay ? `<div id="again" hidden><button id="retry" class="primary">${t.retry}</button><a class="plain link" href="${esc(v.reauthUrl)}">${t.switchAccount}</a></div>` : ''}
<a class="plain link" href="${esc(v.returnUrl)}">${t.back}</a>
</main>${script}</body></html>`;
}

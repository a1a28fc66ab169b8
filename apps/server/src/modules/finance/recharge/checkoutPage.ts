import type { SandboxCallback } from './sandboxProvider.js';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (fen: number): string => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** JSON inside a <script>: "<" escaped so no value can close the tag. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

export interface CheckoutView {
  order_no: string;
  name: string;
  price_fen: number;
  status: 'pending' | 'paid' | 'cancelled' | 'refunded';
  callbackUrl: string;
  /** Where "back to the app" goes. */
  returnUrl: string;
  /** Pre-signed results the two buttons post (only for a pending order). */
  pay?: SandboxCallback;
  cancel?: SandboxCallback;
}

/**
 * The sandbox provider's checkout page: the order, 确认支付 / 取消. The buttons post the signed
 * result to the callback exactly as a real provider's server would; then the page closes itself
 * (popup) or offers the way back to the app.
 */
export function checkoutPage(v: CheckoutView | null): string {
  const body = !v
    ? '<p class="muted">订单不存在</p>'
    : `<div class="card">
  <div class="muted">星光直播 · 充值</div>
  <div class="name">${esc(v.name)}</div>
  <div class="price">${yuan(v.price_fen)}</div>
  <div class="muted small">订单号 ${esc(v.order_no)}</div>
</div>
<p id="state" class="state">${v.status === 'pending' ? '沙盒支付：不会产生真实扣款' : v.status === 'paid' ? '该订单已支付' : v.status === 'refunded' ? '该订单已退款' : '该订单已取消'}</p>
${v.status === 'pending' ? '<button id="pay" class="primary">确认支付</button><button id="cancel" class="plain">取消</button>' : ''}
<a id="back" class="plain link" href="${esc(v.returnUrl)}">返回应用</a>`;
  const script =
    v?.pay && v.cancel
      ? `<script>
const CB = ${scriptJson(v.callbackUrl)}, PAY = ${scriptJson(v.pay)}, CANCEL = ${scriptJson(v.cancel)};
const state = document.getElementById('state');
async function send(payload, done) {
  for (const b of document.querySelectorAll('button')) b.disabled = true;
  try {
    const res = await fetch(CB, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
    const env = await res.json();
    state.textContent = env.code === 200 ? done : '失败：' + env.msg;
  } catch (e) { state.textContent = '网络错误，请重试'; for (const b of document.querySelectorAll('button')) b.disabled = false; return; }
  for (const b of document.querySelectorAll('button')) b.remove();
  if (window.opener) setTimeout(() => window.close(), 800);
}
document.getElementById('pay').onclick = () => send(PAY, '支付成功');
document.getElementById('cancel').onclick = () => send(CANCEL, '已取消支付');
</script>`
      : '';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>收银台（沙盒）</title>
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;margin:0;background:#f5f5f7;color:#222;display:flex;justify-content:center}
main{width:100%;max-width:428px;padding:24px 16px;box-sizing:border-box}
h1{font-size:18px;text-align:center;margin:8px 0 20px}
.card{background:#fff;border-radius:12px;padding:20px;text-align:center;box-shadow:0 1px 4px rgba(0,0,0,.06)}
.name{font-size:16px;margin:12px 0 4px}.price{font-size:34px;font-weight:700;color:#ff2d55;margin:4px 0 8px}
.muted{color:#888}.small{font-size:12px}.state{text-align:center;color:#555;min-height:1.4em}
button,.link{display:block;width:100%;box-sizing:border-box;border:0;border-radius:22px;padding:12px;font-size:16px;margin-top:12px;text-align:center;text-decoration:none}
.primary{background:#ff2d55;color:#fff}.plain{background:#fff;color:#333;border:1px solid #ddd}
button:disabled{opacity:.5}
</style></head>
<body><main><h1>收银台（沙盒）</h1>
${body}
</main>${script}</body></html>`;
}

/** Styles of the shared game chrome (top bar, overlays, buttons); each game adds its own. */
export const SHELL_CSS = `
*{box-sizing:border-box;-webkit-tap-highlight-color:transparent}
html,body{margin:0;height:100%;overscroll-behavior:none}
body{font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#fff;
 background:radial-gradient(120% 80% at 50% 0%,#3b2275 0%,#1b1033 60%,#120a24 100%);user-select:none;-webkit-user-select:none;touch-action:none}
#game{display:flex;flex-direction:column;height:100%;max-width:428px;margin:0 auto;padding:10px 12px calc(12px + env(safe-area-inset-bottom))}
.g-bar{display:flex;gap:8px;align-items:stretch}
.g-stat{flex:1;background:rgba(255,255,255,.08);border:1px solid rgba(255,255,255,.1);border-radius:12px;padding:6px 10px;text-align:center}
.g-stat b{display:block;font-size:20px;line-height:26px;font-variant-numeric:tabular-nums}
.g-stat span{font-size:11px;opacity:.7}
.g-stat--coin b{color:#ffd666}
.g-stage{flex:1;display:flex;align-items:center;justify-content:center;position:relative;margin:10px 0;min-height:0}
.g-foot{display:flex;gap:8px;align-items:center;justify-content:space-between;min-height:36px}
.g-hint{font-size:12px;opacity:.65}
.g-btn{appearance:none;border:0;font-family:inherit;border-radius:999px;padding:12px 22px;font-size:16px;font-weight:600;color:#2b1600;
 background:linear-gradient(180deg,#ffe58f,#ffb01f);box-shadow:0 6px 18px rgba(255,176,31,.35);cursor:pointer}
.g-btn:active{transform:scale(.97)}
.g-btn[disabled]{opacity:.5}
.g-btn--ghost{background:rgba(255,255,255,.12);color:#fff;box-shadow:none;padding:8px 16px;font-size:14px}
.g-over{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(10,5,25,.72);backdrop-filter:blur(4px);z-index:10;padding:24px}
.g-over[hidden]{display:none}
.g-card{width:100%;max-width:340px;background:linear-gradient(180deg,#2e1c5c,#221544);border:1px solid rgba(255,255,255,.12);border-radius:20px;padding:24px 20px;text-align:center;box-shadow:0 20px 50px rgba(0,0,0,.45)}
.g-card h1{margin:4px 0 6px;font-size:28px;letter-spacing:1px}
.g-card p{margin:6px 0;font-size:14px;opacity:.8;line-height:1.5}
.g-emoji{font-size:48px;line-height:56px}
.g-rules{display:flex;justify-content:center;gap:10px;margin:14px 0 18px}
.g-rules div{background:rgba(255,255,255,.08);border-radius:10px;padding:8px 10px;font-size:12px}
.g-rules b{display:block;font-size:16px;color:#ffd666}
.g-score{font-size:44px;font-weight:800;margin:6px 0;font-variant-numeric:tabular-nums}
.g-reward{color:#ffd666;font-weight:600}
.g-today{font-size:12px !important;opacity:.6 !important;margin-top:0 !important}
.g-err{color:#ff9c9c;font-size:13px;margin-top:10px}
.g-err:empty{margin:0}
`;

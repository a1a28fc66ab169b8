import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, settled, shot, shotSettled } from '../lib/browser.js';
import { approvedAnchor, operatorOf, pageAs, topUp, type Member } from '../lib/member.js';
import { open, waitForRoute, watchCsp } from '../lib/page.js';
import { repoRoot, startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 20 in the browser: big gifts play their own Lottie animation full screen (frames advancing,
 * two queue, a small gift does not), a VIP's entrance banner in another member's room view, the
 * fan club sheet and the fan badge in chat, the go-live alert of a followed anchor, the VIP page.
 * Screens are saved at 375×812.
 */

let server: RunningServer;
let browser: Browser;
let operator: Member;
let host: Member;
let viewer: Member;
let vip: Member;
let roomId = 0;

const rid = () => randomUUID().replace(/-/g, '');

/** Records every full-screen gift and banner a page shows (`window.__fx`), even one finished before a check. */
const FX_PROBE_JS = `(() => {
  window.__fx = [];
  new MutationObserver((muts) => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const el of [n, ...n.querySelectorAll('[data-testid=gift-fullscreen],[data-testid=gift-banner]')]) {
        const id = el.getAttribute('data-testid');
        if (id === 'gift-fullscreen') window.__fx.push('big:' + el.getAttribute('data-gift'));
        if (id === 'gift-banner') window.__fx.push('banner:' + el.textContent);
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();`;
const fx = (page: Page) => page.evaluate(() => (window as unknown as { __fx?: string[] }).__fx ?? []);

const nick = (m: Member, name: string) => call(server.url, 'updateUserInfo', { nickname: name }, m.token);

before(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
  operator = await operatorOf(server);
  [viewer, vip] = await Promise.all([registerMember(server.url), registerMember(server.url)]);
  host = await approvedAnchor(server, operator);
  await Promise.all([nick(host, '小鹿酱'), nick(viewer, `观众${viewer.user.id}`), nick(vip, `贵宾${vip.user.id}`)]);
  const { list: cats } = await call(server.url, 'roomCategories');
  roomId = (await call(server.url, 'roomOpen', { title: '今晚唱歌', category_id: cats[0]!.id, kind: 'live' }, host.token)).id;
  // The VIP bought 3280 coins (VIP4: badge, colour, entrance, tier gifts); the viewer 6480 to send big gifts.
  const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, vip.token);
  const pkg = (coins: number) => pkgs.find((p) => p.amount === coins * 10000)!.id;
  await topUp(server.url, vip, pkg(3280));
  await topUp(server.url, viewer, pkg(6480));
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live features in the browser', () => {
  it('a big gift plays its animation full screen (frames advancing), a second waits its turn, a small one stays a banner', async () => {
    const v = await pageAs(browser, viewer, [FX_PROBE_JS]);
    // Lottie's light build, the gift cache (Cache API, blob: URLs) and the room run under the app's CSP.
    const refused = await watchCsp(v.page);
    const rocketLoads: string[] = [];
    v.page.on('request', (r) => {
      if (r.url().endsWith('/static/gifts/fx/rocket.json')) rocketLoads.push(r.url());
    });
    await open(v.page, server.url, `/pages/room/index?id=${roomId}`);
    await v.page.getByTestId('live-stage').waitFor();
    const gifts = (await call(server.url, 'commonConfig')).gift;
    const rose = gifts.find((g) => g.name === '玫瑰')!;
    const rocket = gifts.find((g) => g.name === '火箭')!;
    assert.match(rocket.url, /\/static\/gifts\/fx\/rocket\.json$/);
    const send = (g: { gift_id: number }) =>
      call(server.url, 'giftSend', { request_id: rid(), room_id: roomId, gift_id: g.gift_id, count: 1, receiver_id: host.user.id }, viewer.token);

    await send(rose);
    await v.page.getByTestId('gift-banner').first().waitFor();
    assert.equal(await v.page.locator('.gift-banner--plain[data-tier="0"]').count(), 1, 'a rose (10 coins) shows the plain banner');
    // Two hearts (132 coins) reach the gold tier: a gold banner beside the rose's plain one, no full screen.
    const heart = gifts.find((g) => g.name === '爱心')!;
    await call(server.url, 'giftSend', { request_id: rid(), room_id: roomId, gift_id: heart.gift_id, count: 2, receiver_id: host.user.id }, viewer.token);
    const gold = v.page.locator('.gift-banner--gold[data-tier="1"]');
    await gold.waitFor();
    await shot(v.page, 'live-gift-tiers');
    assert.deepEqual(
      (await fx(v.page)).filter((x) => x.startsWith('big:')),
      [],
      'a small or gold-tier gift never plays full screen',
    );

    // The room's gift files went into the cache of this gift_version (the animation among them).
    await v.page.waitForFunction(async (u) => {
      for (const name of await caches.keys())
        if (name.startsWith('liveapp-gifts-v') && (await (await caches.open(name)).match(new URL(u, location.href).href))) return true;
      return false;
    }, rocket.url);
    await send(rocket);
    await send(rocket);
    const big = v.page.getByTestId('gift-fullscreen');
    await big.waitFor();
    const lottie = v.page.getByTestId('gift-lottie');
    const frame = async () => Number((await lottie.getAttribute('data-frame')) ?? -1);
    const first = await eventually(async () => {
      const f = await frame();
      return f >= 0 ? f : undefined;
    });
    // Downloads until the first rocket plays. Racing the gift cache's own download, its first play
    // sometimes fetched the file a second time (2 of 4 runs beside a media spec; bench/ci/README.md).
    const loadsBeforePlay = rocketLoads.length;
    await eventually(async () => (await frame()) > first + 5, { what: 'the animation frames to advance' });
    // The screenshot with the rocket in the middle of its flight.
    await eventually(async () => (await frame()) >= 40, { what: 'the rocket mid-flight' });
    assert.equal(await v.page.locator('.big-gift__lottie svg').count(), 1, 'lottie drew into the layer');
    assert.equal(await big.count(), 1, 'two big gifts never overlap');
    assert.match((await v.page.getByTestId('gift-fullscreen-sender').textContent()) ?? '', new RegExp(`观众${viewer.user.id}`));
    await shot(v.page, 'live-big-gift');
    // Skipping ends the first; the queued one plays next.
    await v.page.getByTestId('gift-skip').click();
    await eventually(async () => (await fx(v.page)).filter((x) => x === 'big:火箭').length === 2, { what: 'the queued rocket to play' });
    // The animation went into the gift cache, and the second rocket played from it: no download since the first played.
    assert.ok(loadsBeforePlay >= 1, 'the rocket animation was downloaded into the gift cache');
    assert.equal(rocketLoads.length, loadsBeforePlay, `the second rocket downloaded the animation again (${rocketLoads.length} downloads)`);
    assert.deepEqual(refused, [], 'the room raised no Content-Security-Policy violation');
    await v.ctx.close();
  });

  it("a VIP's entrance banner shows in another member's room; the fan club sheet joins, and the fan badge shows in chat", async () => {
    const v = await pageAs(browser, viewer);
    await open(v.page, server.url, `/pages/room/index?id=${roomId}`);
    await v.page.getByTestId('live-stage').waitFor();
    await v.page.getByTestId('room-chat').waitFor();

    const p = await pageAs(browser, vip);
    await open(p.page, server.url, `/pages/room/index?id=${roomId}`);
    await p.page.getByTestId('live-stage').waitFor();
    const banner = v.page.getByTestId('vip-entrance');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', new RegExp(`VIP4.*贵宾${vip.user.id}`));
    await shot(v.page, 'live-vip-entrance');

    await p.page.getByTestId('fan-club-open').click();
    const sheet = p.page.getByTestId('fan-club-sheet');
    await settled(sheet);
    await sheet.getByTestId('fan-club-join').click();
    await sheet.getByTestId('fan-club-mine').waitFor();
    await eventually(async () => ((await sheet.getByTestId('fan-club-members').textContent()) ?? '').includes('1'));
    await sheet.getByTestId('fan-club-list').waitFor();
    await shotSettled(p.page, 'live-fan-club-sheet');
    await p.page.mouse.click(187, 80); // the mask closes the sheet
    await sheet.waitFor({ state: 'detached' });

    // Chat again after joining: the next join of the room carries nothing new, the line does.
    const input = p.page.locator('.room-input__field');
    await input.fill('主播加油');
    await input.press('Enter');
    const line = v.page.getByTestId('chat-line').filter({ hasText: '主播加油' });
    await line.waitFor();
    assert.equal(await line.getByTestId('fan-badge').textContent(), '小鹿酱1');
    assert.equal(await line.getByTestId('vip-chip').textContent(), 'VIP4');
    assert.match((await line.getByTestId('level-chip').textContent()) ?? '', /^Lv\.\d+$/);
    await shot(v.page, 'live-fan-badge-chat');
    // A viewer taps the name: the person's card, with level and tier.
    await line.locator('.chat-line__name').click();
    const card = v.page.getByTestId('profile-sheet');
    await card.getByTestId('vip-chip').waitFor();
    assert.equal(await card.getByTestId('vip-chip').textContent(), 'VIP4');
    await settled(card);
    await shot(v.page, 'live-room-user-card');

    // The tier-only golden dragon is marked in the panel; a VIP4 may pick it.
    await p.page.getByTestId('gift-button').click();
    const panel = p.page.getByTestId('gift-panel');
    const dragon = (await call(server.url, 'commonConfig')).gift.find((g) => g.name === '金龙')!;
    const cell = panel.getByTestId(`gift-${dragon.gift_id}`);
    await cell.locator('img').waitFor();
    assert.equal(await cell.locator('.gift-cell__vip').textContent(), 'VIP3专属');
    await cell.click();
    // The pick is a state update after the tap: wait for the cell to show it.
    await panel.locator(`[data-testid="gift-${dragon.gift_id}"][aria-pressed="true"]`).waitFor();
    await settled(panel);
    await shot(p.page, 'live-gift-panel-vip');
    await Promise.all([v.ctx.close(), p.ctx.close()]);
  });

  it('a follower online gets the go-live alert and enters from it', async () => {
    const star = await approvedAnchor(server, operator);
    await nick(star, '夜莺');
    await call(server.url, 'followAdd', { user_id: star.user.id }, viewer.token);
    const f = await pageAs(browser, viewer);
    // Online = the hall namespace accepted the socket (socket.io's "40/hall" connect frame).
    const hallUp = f.page.waitForEvent('websocket').then((ws) => ws.waitForEvent('framereceived', (fr) => String(fr.payload).startsWith('40/hall')));
    await open(f.page, server.url, '/pages/index/index');
    await hallUp;
    const { list: cats } = await call(server.url, 'roomCategories');
    const room = await call(server.url, 'roomOpen', { title: '深夜电台', category_id: cats[0]!.id, kind: 'live' }, star.token);
    const alert = f.page.getByTestId('live-alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /夜莺 开播了.*深夜电台/);
    await settled(alert);
    await shot(f.page, 'live-go-live-alert');
    await alert.getByRole('button').first().click();
    await waitForRoute(f.page, '/pages/room/index');
    assert.ok(f.page.url().includes(`id=${room.id}`));
    const notices = await call(server.url, 'messageFetch', { page: 1, size: 10 }, viewer.token);
    assert.ok(notices.list.some((n) => n.title === '开播提醒' && n.content.includes('夜莺')));

    // The anchor's card (from my follows): the fan club, and the switch that turns this anchor's alerts off.
    await open(f.page, server.url, '/pages/user/attention');
    await f.page.getByTestId(`follow-row-${star.user.id}`).click();
    const card = f.page.getByTestId('profile-sheet');
    await card.getByTestId('fan-club').waitFor();
    const toggle = card.getByTestId('live-alert-switch').getByRole('switch');
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    await settled(card);
    await shot(f.page, 'live-anchor-card');
    await toggle.click();
    await eventually(async () => (await call(server.url, 'liveAlertGet', { anchor_id: star.user.id }, viewer.token)).on === false, {
      what: 'the alert switch to turn off',
    });
    await f.ctx.close();
  });

  it('the VIP page shows the tier, the progress and every tier’s perks', async () => {
    const p = await pageAs(browser, vip);
    await open(p.page, server.url, '/pages/user/index');
    await p.page.getByTestId('vip-badge').click();
    await waitForRoute(p.page, '/pages/user/vip');
    await p.page.getByTestId('vip-tier').waitFor();
    assert.equal(await p.page.getByTestId('vip-tier').textContent(), 'VIP4');
    assert.match((await p.page.getByTestId('vip-next').textContent()) ?? '', /VIP5/);
    await p.page.waitForLoadState('networkidle');
    await shot(p.page, 'live-vip-page');
    await p.ctx.close();
    // English is complete on the same page.
    const en = await pageAs(browser, vip, [() => localStorage.setItem('liveapp.lang', 'en')], 'en');
    await open(en.page, server.url, '/pages/user/vip');
    await en.page.getByTestId('vip-level').waitFor();
    assert.match((await en.page.getByTestId('vip-next').textContent()) ?? '', /Buy .* more coins to reach VIP5/);
    await en.page.waitForLoadState('networkidle');
    await shot(en.page, 'live-vip-page-en');
    await en.ctx.close();
  });
  it("the console's gift editor uploads an animation, previews it playing, and the app's config serves it", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await ctx.addInitScript(
      (st) => {
        if (!localStorage.getItem('liveapp.session')) localStorage.setItem('liveapp.session', st);
      },
      JSON.stringify({ state: { token: operator.token, userInfo: operator.user }, version: 1 }),
    );
    const page = await ctx.newPage();
    const refused = await watchCsp(page);
    await open(page, server.url, '/admin/catalog');
    await page.getByTestId('admin-console').waitFor();
    const lollipop = page.getByTestId('gifts-row').filter({ hasText: '棒棒糖' });
    await lollipop.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    const heart = readFileSync(join(repoRoot, 'apps/server/assets/gifts/fx/heart.json'));
    await dialog.getByTestId('upload-url').setInputFiles({ name: 'heart.json', mimeType: 'application/json', buffer: heart });
    await page.waitForFunction(() => /^\/uploads\/gifts\/fx\//.test((document.querySelector('input[name=url]') as HTMLInputElement | null)?.value ?? ''));
    await dialog.locator('[data-testid=animation-preview] svg').waitFor();
    // Playing: its frames advance (the screenshot once the heart has grown).
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=animation-preview]')?.getAttribute('data-frame') ?? -1) >= 30);
    await shot(page, 'live-admin-gift-animation');
    const url = await dialog.locator('input[name=url]').inputValue();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    const gift = (await call(server.url, 'commonConfig')).gift.find((g) => g.name === '棒棒糖')!;
    assert.ok(gift.url.endsWith(url), 'common_config serves the uploaded animation');
    assert.deepEqual(refused, [], 'the console raised no Content-Security-Policy violation');
    await ctx.close();
  });
});

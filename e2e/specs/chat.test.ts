import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, masksGone, settled, shot, shotSettled } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS } from '../lib/media.js';
import { pageAs as phonePageAs } from '../lib/member.js';
import { open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';
import { AVATAR_AMY, AVATAR_BEN, PNG } from './chatFixtures.js';

/*
 * Issue 6 in the browser, two users in two contexts: they find and follow each other, chat live both
 * ways (text, a quoted reply, an image, a sticker), the tab badge counts up and clears on reading,
 * the sender sees "read", history survives a reload, an offline user catches up on return, and the
 * settings mute / pin / block. Screens are saved at 375×812.
 */

let server: RunningServer;
let browser: Browser;
type Member = Awaited<ReturnType<typeof registerMember>>;
let amy: Member;
let ben: Member;
const contexts: BrowserContext[] = [];

/** A phone page already logged in as `m`; its context is closed at the end. */
async function pageAs(m: Member): Promise<{ ctx: BrowserContext; page: Page }> {
  const p = await phonePageAs(browser, m);
  contexts.push(p.ctx);
  return p;
}

const chatsBadge = (page: Page) =>
  page
    .locator('.adm-tab-bar-item')
    .filter({ has: page.getByTestId('tab-chats') })
    .locator('.adm-badge-content');
const bubbles = (page: Page) => page.getByTestId('chat-message');
const texts = async (page: Page) =>
  (await page.locator('[data-testid=chat-message] .msg__text, [data-testid=chat-message] .msg__emoji').allInnerTexts()).map((s) => s.trim());

async function typeAndSend(page: Page, text: string) {
  const input = page.getByPlaceholder('发消息...');
  await input.fill(text);
  await input.press('Enter');
}

/** Uploads an avatar picture (resource/upload/file) and returns its URL. */
async function uploadAvatar(m: Member, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'avatar');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
  const res = await fetch(`${server.url}/api/client_live/resource/upload/file`, {
    method: 'POST',
    body: form,
    headers: { Authorization: m.token, Constraint: 'liveapp-h5' },
  });
  const json = (await res.json()) as { code: number; data: { url: string } };
  assert.equal(json.code, 200);
  return json.data.url;
}

before(async () => {
  // One browser for the file; the call test needs its fake camera and microphone.
  [server, browser] = await Promise.all([startServer(), launch([...FAKE_MEDIA_FLAGS, '--disable-features=WebRtcHideLocalIpsWithMdns'])]);
  [amy, ben] = await Promise.all([registerMember(server.url), registerMember(server.url)]);
  const [avatarA, avatarB] = await Promise.all([uploadAvatar(amy, AVATAR_AMY), uploadAvatar(ben, AVATAR_BEN)]);
  await call(server.url, 'updateUserInfo', { nickname: `小美${amy.user.id}`, signature: '爱唱歌的小美 🎤', avatar: avatarA }, amy.token);
  await call(server.url, 'updateUserInfo', { nickname: `阿杰${ben.user.id}`, signature: '周末一起打游戏', avatar: avatarB }, ben.token);
  // The sessions the pages start with carry the new profiles.
  amy = { ...amy, user: await call(server.url, 'userInfo', undefined, amy.token) };
  ben = { ...ben, user: await call(server.url, 'userInfo', undefined, ben.token) };
});
after(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('messages and friends in the browser', () => {
  let a: Page;
  let b: Page;

  it('finds a user, follows them, and is followed back from the fans list: friends both ways', async () => {
    ({ page: a } = await pageAs(amy));
    ({ page: b } = await pageAs(ben));

    await open(a, server.url, '/pages/chats/findFriend');
    const search = a.getByPlaceholder('搜索昵称或账号');
    await search.fill(`阿杰${ben.user.id}`);
    await search.press('Enter');
    await a.getByTestId(`person-${ben.user.id}`).click();
    await a.getByTestId('profile-sheet').getByText('周末一起打游戏').waitFor();
    await settled(a.getByTestId('profile-sheet'));
    await shot(a, 'chat-find-friend-profile');
    await a.getByTestId(`follow-${ben.user.id}`).click();
    await a.getByTestId(`unfollow-${ben.user.id}`).waitFor();
    await a.locator('.adm-mask').click({ position: { x: 20, y: 20 } });
    await a.getByTestId('profile-sheet').waitFor({ state: 'detached' });
    await masksGone(a);
    await shot(a, 'chat-find-friend');

    await open(b, server.url, '/pages/user/fans');
    const row = b.getByTestId(`follow-row-${amy.user.id}`);
    await row.getByText('回关').waitFor();
    await shot(b, 'chat-fans');
    await row.getByTestId(`follow-${amy.user.id}`).click();
    await row.getByText('互相关注').waitFor();

    await open(a, server.url, '/pages/user/attention');
    await a.getByTestId(`follow-row-${ben.user.id}`).getByText('互相关注').waitFor();
    await shot(a, 'chat-attention');
    const info = await call(server.url, 'userInfo', undefined, amy.token);
    assert.deepEqual([info.follow_count, info.fans_count], [1, 1]);
  });

  it('chats live both ways: the badge rises, reading clears it, the sender sees "read", quotes, images and stickers arrive', async () => {
    await open(b, server.url, '/pages/live/index');
    await b.getByTestId('tabbar').waitFor();

    // Amy opens the chat from Ben's card.
    await open(a, server.url, '/pages/user/attention');
    await a.getByTestId(`follow-row-${ben.user.id}`).click();
    await a.getByTestId('profile-chat').click();
    await a.getByPlaceholder('发消息...').waitFor();
    await typeAndSend(a, '你好呀，今晚一起看直播吗？');
    await a.locator('[data-testid=chat-message][data-status=sent]').waitFor();

    // Ben's badge rises without a reload.
    await chatsBadge(b).filter({ hasText: '1' }).waitFor();
    await typeAndSend(a, '八点有个唱歌的直播间 🎶');
    await chatsBadge(b).filter({ hasText: '2' }).waitFor();

    await b.getByTestId('tab-chats').click();
    const conv = b.getByTestId(`conv-${amy.user.id}`);
    await conv.getByText('八点有个唱歌的直播间 🎶').waitFor();
    await shot(b, 'chat-index');
    await conv.click();
    await bubbles(b).nth(1).waitFor();
    assert.deepEqual(await texts(b), ['你好呀，今晚一起看直播吗？', '八点有个唱歌的直播间 🎶']);

    // Reading clears Ben's badge and tells Amy.
    await a.getByTestId('msg-status').filter({ hasText: '已读' }).waitFor();
    await b.goBack();
    await b.getByTestId(`conv-${amy.user.id}`).waitFor();
    await b.waitForFunction(() => !document.querySelector('.adm-tab-bar-item .adm-badge-content'));

    // Ben replies quoting Amy's first message.
    await conv.click();
    await bubbles(b).first().locator('.msg__bubble').click({ button: 'right' });
    await b.getByText('回复', { exact: true }).click();
    await b.getByTestId('composer-reply').waitFor();
    await typeAndSend(b, '好啊！八点见');
    await a.getByTestId('msg-quote').filter({ hasText: '你好呀，今晚一起看直播吗？' }).waitFor();
    await a.getByText('好啊！八点见').waitFor();

    // An image and a sticker from Amy.
    await a.getByTestId('chat-image-input').setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: PNG });
    await b.locator('[data-testid=chat-message] .msg__image img').waitFor();
    await a.getByTestId('emoji-toggle').click();
    await a.getByTestId('sticker-🎉').click();
    await b.locator('.msg__emoji', { hasText: '🎉' }).waitFor();
    await a.getByTestId('emoji-toggle').click();
    await shot(a, 'chat-conversation');

    // A reload keeps the whole conversation, in order, once each.
    await b.reload();
    await b.locator('.msg__emoji', { hasText: '🎉' }).waitFor();
    assert.equal(await bubbles(b).count(), 5);
    assert.deepEqual(await texts(b), ['你好呀，今晚一起看直播吗？', '八点有个唱歌的直播间 🎶', '好啊！八点见', '🎉']);
    await shot(b, 'chat-conversation-reloaded');
  });

  it('an offline user gets what was sent meanwhile on return, in order and once', async () => {
    const ctxB = contexts[1]!;
    await b.getByPlaceholder('发消息...').waitFor();
    const before = await bubbles(b).count();
    await ctxB.setOffline(true);
    // The hall notices the network is gone; its socket drops with it.
    await b.evaluate(() => window.dispatchEvent(new Event('offline')));
    for (const text of ['你在吗？', '我先去直播间占座', '记得带零食 🍿']) {
      await typeAndSend(a, text);
      await a.locator('[data-testid=chat-message][data-status=sending]').waitFor({ state: 'detached' });
    }
    await ctxB.setOffline(false);
    await b.locator('.msg__text', { hasText: '记得带零食 🍿' }).waitFor({ timeout: 30_000 });
    assert.equal(await bubbles(b).count(), before + 3);
    assert.deepEqual((await texts(b)).slice(-3), ['你在吗？', '我先去直播间占座', '记得带零食 🍿']);
  });

  it('settings: pin and mute show in the list; a block refuses messages with a clear reason until lifted', async () => {
    await open(b, server.url, `/pages/chats/setting?uid=${amy.user.id}`);
    await b.getByTestId('setting-peer').waitFor();
    await b.getByTestId('setting-pin').click();
    await b.getByTestId('setting-mute').click();
    await b.locator('.adm-switch-checked').nth(1).waitFor();
    await shotSettled(b, 'chat-setting');

    await b.getByTestId('setting-block').click();
    await b.getByRole('button', { name: '确定' }).click();
    await b.locator('.adm-switch-checked').nth(2).waitFor();

    await typeAndSend(a, '怎么不回我了？');
    await a.locator('[data-testid=chat-message][data-status=failed]').waitFor();
    await a.getByTestId('msg-error').filter({ hasText: '对方已拒收你的消息' }).waitFor();
    await shot(a, 'chat-refused');

    await b.getByTestId('setting-block').click();
    await b.locator('.adm-switch-checked').nth(2).waitFor({ state: 'detached' });
    await a.getByTestId('msg-retry').click();
    await a.locator('[data-testid=chat-message][data-status=failed]').waitFor({ state: 'detached' });

    await open(b, server.url, '/pages/chats/index');
    const row = b.getByTestId(`conv-${amy.user.id}`);
    await row.getByText('怎么不回我了？').waitFor();
    assert.equal(await b.locator('.conv--pinned').count(), 1);
    await shot(b, 'chat-index-pinned-muted');
  });
});

describe('a one-to-one video call between friends (Chromium fake camera)', () => {
  before(async () => {
    // Calls are between friends (idempotent when the chat suite already made them friends).
    await call(server.url, 'followAdd', { user_id: ben.user.id }, amy.token);
    await call(server.url, 'followAdd', { user_id: amy.user.id }, ben.token);
  });
  async function callPage(m: Member): Promise<Page> {
    const { ctx, page } = await phonePageAs(browser, m);
    await ctx.grantPermissions(['camera', 'microphone'], { origin: server.url });
    return page;
  }
  /** Resolves once the page's remote video has decoded frames and keeps playing. */
  const decoding = (page: Page) =>
    page.waitForFunction(
      () => {
        const v = document.querySelector('[data-testid=remote-video]') as HTMLVideoElement | null;
        return !!v && !v.hidden && v.videoWidth > 0 && v.currentTime > 1;
      },
      null,
      { timeout: 30_000 },
    );

  it('rings, connects both ways with video decoded on each side, mutes, hangs up, and leaves the call in the chat', async () => {
    const caller = await callPage(amy);
    const callee = await callPage(ben);
    const hallUp = callee.waitForEvent('websocket');
    await open(callee, server.url, '/pages/live/index');
    await hallUp;

    await open(caller, server.url, `/pages/chats/chat?uid=${ben.user.id}`);
    await caller.getByTestId('chat-video').click();
    await caller.locator('[data-testid=call-screen][data-phase=outgoing]').waitFor();

    // Ben is anywhere in the app: the call screen opens by itself, ringing.
    await callee.locator('[data-testid=call-screen][data-phase=incoming]').waitFor({ timeout: 15_000 });
    await settled(callee.getByTestId('call-screen'));
    await shot(callee, 'chat-video-incoming');
    await callee.getByTestId('call-accept').click();

    await Promise.all([decoding(caller), decoding(callee)]);
    await caller.locator('[data-testid=call-screen][data-phase=active]').waitFor();
    await caller
      .getByTestId('call-clock')
      .filter({ hasText: /00:0[1-9]/ })
      .waitFor({ timeout: 10_000 });
    await caller.getByTestId('call-mute').click();
    await caller.locator('.call__btn--active').waitFor();
    await caller.getByTestId('call-switch').click();
    await shot(caller, 'chat-video-call');

    await caller.getByTestId('call-hangup').click();
    await callee.getByTestId('call-status').filter({ hasText: '通话已结束' }).waitFor();
    // Both land back in the conversation, where the call left its record.
    await caller.getByTestId('call-record').filter({ hasText: '通话时长' }).waitFor({ timeout: 10_000 });
    await callee.getByTestId('call-record').filter({ hasText: '通话时长' }).waitFor({ timeout: 10_000 });

    // A call given up before it is answered leaves a record too.
    await caller.getByTestId('chat-video').click();
    await callee.locator('[data-testid=call-screen][data-phase=incoming]').waitFor({ timeout: 15_000 });
    await caller.getByTestId('call-hangup').click();
    await callee.getByTestId('call-record').filter({ hasText: '已取消' }).waitFor({ timeout: 10_000 });
    await caller.context().close();
    await callee.context().close();
  });
});

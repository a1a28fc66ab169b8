import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The service worker's push handlers (public/sw-push.js), run in a worker-like global: a push is
 * shown unless the app is in front, and a tap opens its route in an open tab or, with none open,
 * in a new window (clients.openWindow, which a headless browser cannot be made to tap: decision 0220).
 */
const source = readFileSync(join(import.meta.dirname, '../../public/sw-push.js'), 'utf8');
const ORIGIN = 'https://live.example.com';

interface Tab {
  visibilityState: string;
  focused: boolean;
  navigate: (url: string) => Promise<Tab | null>;
  focus: () => Promise<Tab>;
}

function worker(tabs: Tab[]) {
  const handlers: Record<string, (e: unknown) => void> = {};
  const opened: string[] = [];
  const shown: { title: string; options: { tag: string; data: { path: string } } }[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (e: unknown) => void) => (handlers[type] = fn),
    clients: {
      matchAll: async () => tabs,
      openWindow: async (url: string) => void opened.push(url),
    },
    registration: { showNotification: async (title: string, options: (typeof shown)[number]['options']) => void shown.push({ title, options }) },
  };
  runInNewContext(source, { self, URL });
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { opened, shown, dispatch };
}

const tab = (visible: boolean, navigated: string[]): Tab => {
  const t: Tab = {
    visibilityState: visible ? 'visible' : 'hidden',
    focused: visible,
    navigate: async (url) => (navigated.push(url), t),
    focus: async () => t,
  };
  return t;
};

const tap = (path: unknown) => ({ notification: { close: () => undefined, data: { path } } });

describe('the service worker push handlers', () => {
  it("with no tab of the app open, a tap opens the notification's route in a new window", async () => {
    const w = worker([]);
    await w.dispatch('notificationclick', tap('/pages/room/index?id=7'));
    expect(w.opened).toEqual([`${ORIGIN}/#/pages/room/index?id=7`]);
  });

  it('with a tab open, a tap sends that tab to the route instead', async () => {
    const navigated: string[] = [];
    const w = worker([tab(false, navigated)]);
    await w.dispatch('notificationclick', tap('/pages/chats/chat?uid=3'));
    expect([navigated, w.opened]).toEqual([[`${ORIGIN}/#/pages/chats/chat?uid=3`], []]);
  });

  it('a path outside the app opens the home page, never another address', async () => {
    const w = worker([]);
    await w.dispatch('notificationclick', tap('https://evil.example/x'));
    expect(w.opened).toEqual([`${ORIGIN}/#/pages/index/index`]);
  });

  it('shows a push unless the app is in front, one notification per tag', async () => {
    const payload = { kind: 'live', title: '小鹿酱开播了', body: '鹿鹿唱歌', path: '/pages/room/index?id=7', tag: 'live:5', at: '2026-12-02T05:00:00Z' };
    const push = { data: { json: () => payload } };
    const away = worker([tab(false, [])]);
    await away.dispatch('push', push);
    expect(away.shown.map((s) => [s.title, s.options.tag, s.options.data.path])).toEqual([['小鹿酱开播了', 'live:5', '/pages/room/index?id=7']]);
    const inFront = worker([tab(true, [])]);
    await inFront.dispatch('push', push);
    expect(inFront.shown).toEqual([]);
  });
});

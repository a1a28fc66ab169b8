/**
 * One room spread over two Janus nodes (scale suite: TEST_JANUS=1, root, `ip netns`): with a node
 * capacity of one viewer, the room's first viewer is fed by the room's node and the second by the
 * other node, whose copy of the room holds the anchor as a remote publisher fed by the first
 * (VideoRoom `add_remote_publisher` / `publish_remotely`). Both viewers decode frames; a co-host who
 * starts later reaches the edge too.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@app/testkit';
import { JanusEngine } from '../src/media/janus/janusEngine.js';
import { janusAvailable, linkJanusNodes, startJanusNode, type JanusNode } from './janusNode.js';
import { launchMediaBrowser, openMediaPage, startMediaApp, T, type MediaApp } from './mediaHarness.js';

const enabled = process.env.TEST_JANUS === '1' && janusAvailable();
const NET = { ns: 'jm', subnet: 78 };
type Play = { id: number; seats: string[] };
type SeatStats = Record<string, { framesDecoded: number }>;

describe.skipIf(!enabled)('one room over two Janus nodes', () => {
  let nodes: JanusNode[] = [];
  let engine: JanusEngine;
  let app: MediaApp;
  let browser: Browser;

  beforeAll(async () => {
    nodes = [await startJanusNode(3, { net: NET }), await startJanusNode(4, { net: NET })];
    linkJanusNodes(nodes[0]!, nodes[1]!, NET);
    engine = await JanusEngine.connect({ janusUrls: nodes.map((n) => n.url), janusNodeViewers: 1 });
    app = await startMediaApp(engine);
    browser = await launchMediaBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await engine?.shutdown();
    await app?.close();
    for (const n of nodes) await n.stop();
  });

  const frames = async (p: Page, id: number, seat: string): Promise<number> => (await T<SeatStats>(p, 'seatStats', id))[seat]?.framesDecoded ?? 0;
  const decoding = (p: Page, id: number, seat: string, what: string) =>
    eventually(
      async () => {
        const n = await frames(p, id, seat);
        return n > 0 && (await eventually(async () => (await frames(p, id, seat)) > n + 5, { what: `${what} keeps decoding`, timeout: 5000 }));
      },
      { what, timeout: 15_000 },
    );

  it("a viewer beyond the first node's capacity is fed by the second node, from the first; both decode", async () => {
    const anchor = await openMediaPage(browser, app.url);
    await T(anchor, 'publish', '/api/media/whip/spread/anchor', 'user:a1', { maxBitrate: 800_000 });
    await eventually(() => engine.room('spread')?.publishers.some((p) => p.live), { what: 'anchor live', timeout: 10_000 });
    const origin = engine.nodeOf('spread')!;
    const edge = engine.nodes.find((n) => n !== origin)!;

    const first = await openMediaPage(browser, app.url);
    const p1 = await T<Play>(first, 'play', '/api/media/whep/spread', 'user:v1', { seats: ['anchor', 'seat-1'] });
    expect([origin.viewers, edge.viewers]).toEqual([1, 0]);
    const second = await openMediaPage(browser, app.url);
    const p2 = await T<Play>(second, 'play', '/api/media/whep/spread', 'user:v2', { seats: ['anchor', 'seat-1'] });
    // The second viewer is on the edge: the origin is at its capacity of one.
    expect([origin.viewers, edge.viewers]).toEqual([1, 1]);
    await decoding(first, p1.id, 'anchor', 'the origin viewer decodes the anchor');
    await decoding(second, p2.id, 'anchor', 'the edge viewer decodes the anchor');

    // A co-host who starts now is cascaded to the edge as well: the edge's next viewer decodes them.
    const cohost = await openMediaPage(browser, app.url);
    await T(cohost, 'publish', '/api/media/whip/spread/seat-1', 'user:c1', { maxBitrate: 400_000 });
    await eventually(() => engine.room('spread')?.publishers.filter((p) => p.live).length === 2, { what: 'co-host live', timeout: 10_000 });
    await T(second, 'stop', p2.id);
    await eventually(() => edge.viewers === 0, { what: 'the edge viewer gone' });
    const third = await openMediaPage(browser, app.url);
    const p3 = await T<Play>(third, 'play', '/api/media/whep/spread', 'user:v3', { seats: ['anchor', 'seat-1'] });
    expect([origin.viewers, edge.viewers]).toEqual([1, 1]);
    await decoding(third, p3.id, 'seat-1', 'a later edge viewer decodes the co-host');
    await decoding(third, p3.id, 'anchor', 'a later edge viewer decodes the anchor');
  }, 90_000);
});

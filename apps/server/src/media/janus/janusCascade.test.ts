import { describe, expect, it } from 'vitest';
import { cascade } from './janusCascade.js';
import type { JanusNode } from './janusNode.js';

const answerSdp = [
  'v=0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=mid:0',
  'a=rtpmap:111 opus/48000/2',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=mid:1',
  'a=rtpmap:96 VP8/90000',
  '',
].join('\r\n');
const pub = { feed: 7, seatId: 'anchor', answerSdp };

/** A node that records its VideoRoom requests; its room lists the feed after `listsAfter` looks (never when undefined). */
function node(url: string, log: string[], listsAfter?: number): JanusNode {
  let looks = 0;
  return {
    url,
    alive: true,
    admin: {
      message: (body: { request: string }) => {
        log.push(`${url} ${body.request}`);
        return Promise.resolve({ plugindata: { data: body.request === 'add_remote_publisher' ? { port: 5002 } : {} } });
      },
    },
    participants: () => {
      log.push(`${url} list`);
      looks++;
      return Promise.resolve(listsAfter !== undefined && looks > listsAfter ? [{ feed: 7, publisher: true }] : []);
    },
  } as unknown as JanusNode;
}

describe('cascade', () => {
  it('asks the origin to send only once the edge lists the remote publisher (Janus adds it from its own thread)', async () => {
    const log: string[] = [];
    await cascade(node('http://10.0.0.1:8088', log), node('http://10.0.0.2:8088', log, 2), 1234, pub);
    const e = 'http://10.0.0.2:8088';
    expect(log).toEqual([`${e} add_remote_publisher`, `${e} list`, `${e} list`, `${e} list`, 'http://10.0.0.1:8088 publish_remotely']);
  });

  it('fails, and removes what it added on the edge, when the edge never lists it', async () => {
    const log: string[] = [];
    await expect(cascade(node('http://10.0.0.1:8088', log), node('http://10.0.0.2:8088', log), 1234, pub, 50)).rejects.toThrow(/not listed/);
    expect(log.at(-1)).toBe('http://10.0.0.2:8088 remove_remote_publisher');
    expect(log.some((l) => l.endsWith('publish_remotely'))).toBe(false);
  });
});

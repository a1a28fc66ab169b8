import { afterEach, describe, expect, it, vi } from 'vitest';

const published: { url: string; stopped: boolean }[] = [];
const attempts: string[] = [];
vi.mock('./capture', async (orig) => ({
  ...(await orig<typeof import('./capture')>()),
  openCapture: async () => {
    const track = { kind: 'video', enabled: true, stop: () => {} };
    return { getTracks: () => [track], getVideoTracks: () => [track], getAudioTracks: () => [] } as unknown as MediaStream;
  },
  applyEnabled: () => {},
}));
vi.mock('./whipClient', async (orig) => ({
  ...(await orig<typeof import('./whipClient')>()),
  publish: async (url: string) => {
    attempts.push(url);
    // An instance that died: the POST never gets an answer.
    if (url.includes('media-dead')) throw new TypeError('Failed to fetch');
    const s = { url, stopped: false };
    published.push(s);
    const pc = { connectionState: 'connected', addEventListener: () => {}, removeEventListener: () => {}, getTransceivers: () => [], getSenders: () => [] };
    return { pc, location: `${url}/session`, stop: async () => void (s.stopped = true) };
  },
}));
vi.stubGlobal('MediaStream', class {});

const { Broadcaster } = await import('./broadcaster');

afterEach(() => {
  published.splice(0);
  attempts.splice(0);
  vi.useRealTimers();
});

const settings = { frontCamera: true, camera: true, audio: true, vertical: true };

describe('Broadcaster.republish (the room moved to another media node)', () => {
  it('ends the old session and publishes the same capture at once with fresh credentials', async () => {
    let node = 'https://media-a.example';
    const b = new Broadcaster(
      { target: async () => ({ url: `${node}/api/media/whip/7/anchor`, token: 't' }), maxBitrate: 1 },
      { frontCamera: true, camera: true, audio: true, vertical: true },
    );
    await b.start();
    expect(published.map((p) => p.url)).toEqual(['https://media-a.example/api/media/whip/7/anchor']);
    expect(b.getSnapshot().status).toBe('live');

    node = 'https://media-b.example';
    b.republish();
    await vi.waitFor(() => expect(published).toHaveLength(2));
    expect(published[0]!.stopped).toBe(true);
    expect(published[1]!.url).toBe('https://media-b.example/api/media/whip/7/anchor');
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('live'));
  });
});

describe('Broadcaster retries (its media instance died)', () => {
  it('keeps asking for its target through the room’s grace period and goes live where the room moved, its move event missed', async () => {
    vi.useFakeTimers();
    let node = 'https://media-dead.example';
    const b = new Broadcaster({ target: async () => ({ url: `${node}/api/media/whip/7/anchor`, token: 't' }), maxBitrate: 1 }, settings);
    await b.start();
    expect(b.getSnapshot().status).toBe('reconnecting');
    // 30 s of refused attempts (the instance's lease running out): still trying, never given up.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(attempts.length).toBeGreaterThan(5);
    expect(b.getSnapshot().status).toBe('reconnecting');
    node = 'https://media-b.example';
    await vi.advanceTimersByTimeAsync(5_000);
    expect(published.map((p) => p.url)).toEqual(['https://media-b.example/api/media/whip/7/anchor']);
    expect(b.getSnapshot().status).toBe('live');
  });

  it('gives up after retryForMs, and a move heard later publishes again', async () => {
    vi.useFakeTimers();
    let node = 'https://media-dead.example';
    const b = new Broadcaster({ target: async () => ({ url: `${node}/api/media/whip/7/anchor`, token: 't' }), maxBitrate: 1, retryForMs: 10_000 }, settings);
    await b.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(b.getSnapshot()).toMatchObject({ status: 'failed', error: 'network' });
    const tried = attempts.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempts).toHaveLength(tried);
    node = 'https://media-b.example';
    b.republish();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.getSnapshot().status).toBe('live');
  });
});

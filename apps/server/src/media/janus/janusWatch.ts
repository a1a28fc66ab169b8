/**
 * A room's publishers as another API instance sees them: a participant that joins the VideoRoom
 * without publishing (its display is not a seat id, so it is never taken for one) and hears Janus's
 * `publishers` events. An instance whose viewers watch feeds published through another instance
 * switches them to a seat's new publisher (a reconnect, a co-host who takes the mic late) as it
 * does for its own.
 */
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import type { JanusNode } from './janusNode.js';

/** A publisher of the room as a `publishers` event lists it. */
export interface ListedFeed {
  seatId: string;
  feed: number;
  mids: { audio?: string; video?: string };
}

interface Listed {
  feed: number;
  display?: string;
  streams?: { type?: string; mid?: string; disabled?: boolean }[];
}

/** Joins `room` on `node` as a watcher; `onPublisher` hears each publisher that goes live. Resolves with its stop. */
export async function watchRoom(node: JanusNode, room: number, onPublisher: (feed: ListedFeed) => void): Promise<() => void> {
  const handle: VideoRoomHandle = await node.handle();
  handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_PUB_LIST!, (e: { publishers?: Listed[] }) => {
    for (const p of e.publishers ?? []) {
      if (p.display === undefined) continue;
      const mids: ListedFeed['mids'] = {};
      for (const s of p.streams ?? []) if ((s.type === 'audio' || s.type === 'video') && !s.disabled && s.mid !== undefined) mids[s.type] ??= s.mid;
      onPublisher({ seatId: p.display, feed: p.feed, mids });
    }
  });
  try {
    await handle.message({ request: 'join', ptype: 'publisher', room, display: 'watch:' });
  } catch (err) {
    void handle.detach().catch(() => {});
    throw err;
  }
  return () => void handle.detach().catch(() => {});
}

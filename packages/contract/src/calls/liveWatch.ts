import { z } from 'zod';
import { defineRoute } from '../route.js';
import { id, strict } from './common.js';

/** How a live room's viewers watch, for the console. */
export const roomWatch = z.object({
  room_id: z.number().int(),
  hls: z.boolean().describe('the room has an HLS egress now'),
  via: z.enum(['auto', 'hls']).describe("auto: WebRTC while the media server has room; hls: every plain viewer on HLS (the operator's choice)"),
  webrtc: z.number().int().describe('viewers playing WebRTC now (from the media node running the egress)'),
  hls_viewers: z.number().int().describe('people in the room not playing WebRTC: watching HLS'),
});
export type RoomWatch = z.infer<typeof roomWatch>;

/** Console: how live rooms are watched, and sending a room's viewers to HLS. */
export const liveWatchRoutes = {
  adminLiveWatch: defineRoute({
    method: 'GET',
    path: '/api/admin/live/watch',
    auth: 'operator',
    tag: 'admin',
    summary: 'For each open room: whether it has HLS, and how many watch over WebRTC and over HLS',
    data: z.object({ list: z.array(roomWatch) }),
  }),
  adminLiveVia: defineRoute({
    method: 'POST',
    path: '/api/admin/live/via',
    auth: 'operator',
    tag: 'admin',
    summary: "Send a room's viewers to HLS (hls), or back to WebRTC while the media server has room (auto); applies to viewers who join from now",
    body: strict({ room_id: id, via: z.enum(['auto', 'hls']) }),
    data: z.object({ room_id: z.number().int(), via: z.enum(['auto', 'hls']) }),
  }),
};

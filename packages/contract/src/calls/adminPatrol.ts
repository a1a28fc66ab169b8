import { z } from 'zod';
import { defineRoute } from '../route.js';
import { line } from '../text.js';
import { isoTime } from '../envelope.js';
import { id, strict } from './common.js';
import { roomBrief } from './room.js';

/** One live room on the moderators' patrol wall. */
export const patrolRoom = z.object({
  room: roomBrief,
  thumb: z
    .string()
    .nullable()
    .describe('a keyframe of the live as a `data:image/jpeg` URL, written by the HLS egress every PATROL_THUMB_S; null while the room has none'),
  reports: z.number().int().describe("open reports against the room's anchor"),
});
export type PatrolRoom = z.infer<typeof patrolRoom>;

/** Console: the live patrol wall, and warning an anchor in their room. Ending a live is adminRoomClose. */
export const patrolRoutes = {
  adminPatrol: defineRoute({
    method: 'GET',
    path: '/api/admin/patrol',
    auth: 'operator',
    tag: 'admin',
    summary: 'Every live room with its latest keyframe and its open report count, most reported first',
    data: z.object({ list: z.array(patrolRoom), at: isoTime }),
  }),
  adminPatrolWarn: defineRoute({
    method: 'POST',
    path: '/api/admin/patrol/warn',
    auth: 'operator',
    tag: 'admin',
    summary: "Warn a live room's anchor: a banner in their room, over the room channel (recorded in the audit log)",
    body: strict({ room_id: id, text: line().trim().min(2, '请填写警告内容（至少2个字）').max(200, '警告最多200字') }),
    data: z.object({ delivered: z.boolean().describe('the anchor is in the room now') }),
  }),
};

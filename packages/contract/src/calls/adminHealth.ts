import { defineRoute } from '../route.js';
import { id, strict } from './common.js';
import { liveHealth } from './liveHealth.js';

/** Console: a live room's stream health over time. */
export const adminHealthRoutes = {
  adminLiveHealth: defineRoute({
    method: 'GET',
    path: '/api/admin/live/health',
    auth: 'operator',
    tag: 'admin',
    summary: "A live room's stream health over its current live (the last 30 minutes): the anchor's client samples and the server's ingest samples",
    query: strict({ room_id: id }),
    data: liveHealth,
  }),
};

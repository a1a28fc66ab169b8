/**
 * The baseline: a bare socket.io server (websocket only, the same path and namespace as the
 * product's room channel) in its own process. `join` puts the socket in one room and acknowledges;
 * `chat` broadcasts the payload to that room, volatile, as the product sends chat. No auth, no
 * database, no presence: the least a room channel can do. Its hall namespace is bench/hall's baseline.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { HALL_NAMESPACE, HALL_PATH, ROOM_NAMESPACE } from '@app/contract';
import { serveCpu } from '../media/capacity/ipc.js';

const SPEAKER = { id: 1, uuid: randomUUID(), nickname: '主播小明', avatar: '/uploads/avatar/1.webp', vip_level: 0, is_anchor: true };
const http = createServer();
const io = new Server(http, { path: HALL_PATH, transports: ['websocket'], serveClient: false });
const nsp = io.of(ROOM_NAMESPACE);
nsp.on('connection', (socket) => {
  socket.on('join', (_p: unknown, ack: (r: unknown) => void) => {
    void socket.join('room');
    ack({ code: 200, msg: 'ok', data: {} });
  });
  socket.on('chat', (p: { text: string }, ack: (r: unknown) => void) => {
    // The product's chat line, field for field, so both send frames of the same size.
    const line = { room_id: 1, id: randomUUID(), user: { ...SPEAKER, auth: 1 }, text: p.text, danmaku: false, at: new Date().toISOString() };
    nsp.to('room').volatile.emit('chat', line);
    ack({ code: 200, msg: 'ok', data: {} });
  });
});
// The hall's baseline: one broadcast of a notice to every socket of the namespace; the badge's
// count answered at once, as the product answers it (an event back, not an acknowledgement).
const hall = io.of(HALL_NAMESPACE);
hall.on('connection', (socket) => {
  socket.on('getUnreadCount', () => void socket.emit('rGetUnreadCount', { total: 0, isNew: false }));
  socket.on('notice', (p: unknown, ack: (r: unknown) => void) => {
    hall.emit('newMessage', { kind: 'announcement', notice: p });
    ack({ code: 200, msg: 'ok', data: {} });
  });
});
await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
const address = http.address();
const port = typeof address === 'object' && address ? address.port : 0;
serveCpu({ type: 'ready', url: `http://127.0.0.1:${port}` }, async () => {
  await io.close();
});

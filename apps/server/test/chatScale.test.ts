import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, type ChatAck, type ChatSendInput } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { next } from './helpers/hallClient.js';
import { scaleEnabled, useInstancePair } from './helpers/instancePair.js';

/** Private messages across two instances sharing PostgreSQL and Redis, as behind a load balancer. */
describe.skipIf(!scaleEnabled())('chat across two instances (PostgreSQL + Redis)', () => {
  const pair = useInstancePair('chatscale');
  const open = (srv: typeof pair.a, auth: { uuid: string; token: string }) => pair.hall(srv, auth);
  const run = randomUUID().slice(0, 8);

  it('delivers a message sent through A (HTTP and hall) to the receiver and the sender’s other device on B', async () => {
    const { a, b } = pair;
    const alice = await a.api.register(freshMobile());
    const bob = await b.api.register(freshMobile());
    const aliceOnA = await open(a, { uuid: alice.user.uuid, token: alice.token });
    const aliceOnB = await open(b, { uuid: alice.user.uuid, token: alice.token });
    const bobOnB = await open(b, { uuid: bob.user.uuid, token: bob.token });

    const toBob = next(bobOnB, 'newMessage');
    const toAliceB = next(aliceOnB, 'newMessage');
    const count = next(bobOnB, 'rGetUnreadCount');
    const sent = await a.api.call(
      api.chatSend,
      { to_user_id: bob.user.id, client_id: `scale-${run}-1`, type: 'text', content: '跨实例私信' },
      { token: alice.token },
    );
    expect(sent.code).toBe(200);
    const got = await toBob;
    expect(got.kind === 'chat' && got.message).toEqual(sent.data);
    expect((await toAliceB).kind).toBe('chat');
    expect(await count).toEqual({ total: 1, isNew: true });

    const viaHall = next(bobOnB, 'newMessage');
    const ack = await new Promise<ChatAck>((resolve) =>
      aliceOnA.emit('chatSend', { to_user_id: bob.user.id, client_id: `scale-${run}-2`, type: 'text', content: 'via hall' } as ChatSendInput, resolve),
    );
    expect(ack.code).toBe(200);
    const m = await viaHall;
    expect(m.kind === 'chat' && m.message.id).toBe(ack.data!.id);

    // The read receipt made on B reaches the sender on A.
    const receipt = next(aliceOnA, 'chatRead');
    await b.api.call(api.chatRead, { user_id: alice.user.id }, { token: bob.token });
    expect(await receipt).toEqual({ reader_id: bob.user.id, peer_id: alice.user.id, up_to_id: ack.data!.id });
  });

  it('stores one message for one client_id sent through both instances at once', async () => {
    const { a, b } = pair;
    const alice = await a.api.register(freshMobile());
    const bob = await b.api.register(freshMobile());
    const body = { to_user_id: bob.user.id, client_id: `scale-${run}-dup`, type: 'text', content: 'once' };
    const [r1, r2] = await Promise.all([a.api.call(api.chatSend, body, { token: alice.token }), b.api.call(api.chatSend, body, { token: alice.token })]);
    expect(r1.data.id).toBe(r2.data.id);
    expect((await a.api.call(api.chatHistory, { user_id: alice.user.id }, { token: bob.token })).data.list.length).toBe(1);
  });
});

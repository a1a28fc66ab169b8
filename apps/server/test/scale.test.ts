import { describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { addOperator } from '../src/cli/commands.js';
import { freshMobile } from '@app/testkit';
import { next } from './helpers/hallClient.js';
import { scaleEnabled, useInstancePair } from './helpers/instancePair.js';

/** Two instances on two ports sharing PostgreSQL and Redis, as behind a load balancer. */
describe.skipIf(!scaleEnabled())('two instances (PostgreSQL + Redis)', () => {
  const pair = useInstancePair('scale');

  it('delivers a notice sent through A to a hall socket connected to B', async () => {
    const { a, b } = pair;
    expect(a.port).not.toBe(b.port);
    const opMobile = freshMobile();
    const op = await a.api.register(opMobile);
    await addOperator(a.deps.db, opMobile);
    // The user signs up on B; the session is shared through the database.
    const user = await b.api.register(freshMobile());

    const sock = await pair.hall(b, { uuid: user.user.uuid, token: user.token });
    const msg = next(sock, 'newMessage');
    const count = next(sock, 'rGetUnreadCount');
    const sent = await a.api.call(api.adminSendNotice, { user_id: user.user.id, title: '跨实例', content: '从 A 发出' }, { token: op.token });
    expect(sent.data).toEqual({ sent: 1 });
    const m = await msg;
    expect(m.kind === 'notice' && m.notice.title).toBe('跨实例');
    expect(await count).toEqual({ total: 1, isNew: true });

    // A notice to every member is one broadcast, which the adapter carries to B's sockets too.
    const all = next(sock, 'newMessage');
    expect((await a.api.call(api.adminSendNotice, { title: '全站', content: '给所有人' }, { token: op.token })).data.sent).toBeGreaterThan(1);
    expect(await all).toMatchObject({ kind: 'announcement', notice: { title: '全站', content: '给所有人' } });
  });

  it('ends a socket on B when its token is logged out through A, and shares SMS limits', async () => {
    const { a, b } = pair;
    const mobile = freshMobile();
    const user = await a.api.register(mobile);
    const sock = await pair.hall(b, { uuid: user.user.uuid, token: user.token });
    const ended = next(sock, 'sessionEnd');
    await a.api.call(api.logout, undefined, { token: user.token });
    expect((await ended).code).toBe(11000403);

    // The 60 s resend gap holds across instances: counted in the shared database.
    await a.rewindSms(mobile);
    const first = await a.api.smsCode(mobile, 'forget');
    expect(first).toMatch(/^\d{6}$/);
    const unique_code = await b.api.passCaptcha();
    const again = await b.api.call(api.sendSms, { mobile, scene: 'forget', unique_code });
    expect(again.code).toBe(10105);
  });

  it('gives a login burst split over A and B exactly 5 checked tries in all', async () => {
    const { a, b } = pair;
    const mobile = freshMobile();
    await a.api.register(mobile, 'right123');
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).api.login(mobile, 'wrong123')));
    const left = answers.filter((r) => r.code === ErrorCode.ACCOUNT_OR_PASSWORD_WRONG).map((r) => Number(/还可尝试(\d+)次/.exec(r.msg)?.[1]));
    expect(left.sort()).toEqual([1, 2, 3, 4]);
    expect(answers.filter((r) => r.code === ErrorCode.LOGIN_LOCKED)).toHaveLength(20);
    expect((await b.api.login(mobile, 'right123')).code).toBe(ErrorCode.LOGIN_LOCKED);
  });
});

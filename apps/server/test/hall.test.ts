import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, HALL_AUTH_FAILED, type Session } from '@app/contract';
import { addNotice, addOperator } from '../src/cli/commands.js';
import { openDb } from '../src/db/database.js';
import { freshMobile } from '@app/testkit';
import { connectHall, connected, next, type HallSocket } from './helpers/hallClient.js';
import { quickSession } from './helpers/members.js';
import { pgUrl, startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
let operator: Session;
const sockets: HallSocket[] = [];
const open = (auth: { uuid: string; token: string }) => {
  const sock = connectHall(s.url, auth);
  sockets.push(sock);
  return sock;
};

beforeAll(async () => {
  s = await startTestServer();
  const mobile = freshMobile();
  operator = await s.api.register(mobile);
  await addOperator(s.deps.db, mobile);
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await s?.close();
});

describe('hall', () => {
  it('refuses a bad token, a wrong uuid and a missing payload with HALL_AUTH_FAILED', async () => {
    const user = await quickSession(s);
    await expect(connected(open({ uuid: user.user.uuid, token: 'bad-token' }))).rejects.toThrow(HALL_AUTH_FAILED);
    await expect(connected(open({ uuid: operator.user.uuid, token: user.token }))).rejects.toThrow(HALL_AUTH_FAILED);
    await expect(connected(open({} as never))).rejects.toThrow(HALL_AUTH_FAILED);
  });

  it('answers getUnreadCount, and pushes newMessage + rGetUnreadCount when an operator sends a notice', async () => {
    const user = await quickSession(s);
    const sock = open({ uuid: user.user.uuid, token: user.token });
    await connected(sock);

    const first = next(sock, 'rGetUnreadCount');
    sock.emit('getUnreadCount');
    expect(await first).toEqual({ total: 0, isNew: false });

    const msg = next(sock, 'newMessage');
    const count = next(sock, 'rGetUnreadCount');
    const sent = await s.api.call(api.adminSendNotice, { user_id: user.user.id, title: '系统通知', content: '你好' }, { token: operator.token });
    expect(sent.data).toEqual({ sent: 1 });
    const m = await msg;
    expect(m.kind).toBe('notice');
    expect(m.kind === 'notice' && m.notice).toMatchObject({ title: '系统通知', content: '你好', type: 'system', is_read: false });
    expect(await count).toEqual({ total: 1, isNew: true });

    // Asking again: still one unread, and it is no longer new.
    const a1 = next(sock, 'rGetUnreadCount');
    sock.emit('getUnreadCount');
    expect(await a1).toEqual({ total: 1, isNew: true });
    const a2 = next(sock, 'rGetUnreadCount');
    sock.emit('getUnreadCount');
    expect(await a2).toEqual({ total: 1, isNew: false });

    // Reading pushes the new count to the user's sockets.
    const afterRead = next(sock, 'rGetUnreadCount');
    expect((await s.api.call(api.messageRead, { all: true }, { token: user.token })).data).toEqual({ unread: 0 });
    expect(await afterRead).toEqual({ total: 0, isNew: false });
  });

  it('pushes a notice the operator CLI wrote (another process, no hall of its own) like one from the API', async () => {
    const mobile = freshMobile();
    const user = await s.api.register(mobile);
    const sock = open({ uuid: user.user.uuid, token: user.token });
    await connected(sock);
    const msg = next(sock, 'newMessage');
    const count = next(sock, 'rGetUnreadCount');
    // The CLI's own database handle, as `npm run admin -- notice` opens it.
    const cliDb = openDb(s.config);
    try {
      await addNotice(cliDb, mobile, '客服回复', '您的问题已处理');
    } finally {
      await cliDb.close();
    }
    const m = await msg;
    expect(m.kind === 'notice' && m.notice).toMatchObject({ title: '客服回复', content: '您的问题已处理', type: 'system', is_read: false });
    expect(await count).toEqual({ total: 1, isNew: true });
    // Pushed once: nothing is left queued.
    expect(await s.deps.db.kysely.selectFrom('notice_pushes').selectAll().execute()).toEqual([]);
  });

  it('refuses admin calls from a member (403) and a notice to an unknown user', async () => {
    const user = await quickSession(s);
    const r = await s.api.call(api.adminSendNotice, { title: 't', content: 'c' }, { token: user.token });
    expect([r.status, r.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    const unknown = await s.api.call(api.adminSendNotice, { user_id: 999999, title: 't', content: 'c' }, { token: operator.token });
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('ends the sockets of a logged-out token with sessionEnd, keeping the user’s other sessions', async () => {
    const mobile = freshMobile();
    const a = await s.api.register(mobile);
    const b = (await s.api.login(mobile, 'abc12345')).data;
    const sa = open({ uuid: a.user.uuid, token: a.token });
    const sb = open({ uuid: b.user.uuid, token: b.token });
    await Promise.all([connected(sa), connected(sb)]);
    const ended = next(sa, 'sessionEnd');
    const gone = new Promise<void>((resolve) => sa.once('disconnect', () => resolve()));
    await s.api.call(api.logout, undefined, { token: a.token });
    expect((await ended).code).toBe(ErrorCode.TOKEN_REVOKED);
    await gone;
    expect(sb.connected).toBe(true);
  });

  it('ends every socket of the user after forget_password', async () => {
    const mobile = freshMobile();
    const a = await s.api.register(mobile);
    const sa = open({ uuid: a.user.uuid, token: a.token });
    await connected(sa);
    const ended = next(sa, 'sessionEnd');
    await s.rewindSms(mobile);
    const code = await s.api.smsCode(mobile, 'forget');
    await s.api.call(api.forgetPassword, { mobile, code, password: 'new12345' });
    expect((await ended).code).toBe(ErrorCode.TOKEN_REVOKED);
  });

  it('sends a notice to every member when no user_id is given', async () => {
    const user = await quickSession(s);
    const sock = open({ uuid: user.user.uuid, token: user.token });
    await connected(sock);
    const unread = async () => (await s.api.call(api.messageFetch, { page: 1, size: 10 }, { token: user.token })).data;
    const before = (await unread()).unread;
    const msg = next(sock, 'newMessage');
    const r = await s.api.call(api.adminSendNotice, { title: '全站公告', content: '今晚八点有活动', type: 'activity' }, { token: operator.token });
    expect(r.data.sent).toBeGreaterThan(2);
    // One broadcast to every socket (the client adds one to its badge); each member has their own copy.
    const m = await msg;
    expect(m).toEqual({
      kind: 'announcement',
      notice: { title: '全站公告', content: '今晚八点有活动', type: 'activity', kind: '', params: {}, created_at: expect.any(String) },
    });
    const after = await unread();
    expect(after.unread).toBe(before + 1);
    expect(after.list[0]).toMatchObject({ title: '全站公告', is_read: false });
  });

  it('answers getUnreadCount without writing anything: isNew is told once per connection', async () => {
    const user = await quickSession(s);
    await s.api.call(api.adminSendNotice, { user_id: user.user.id, title: '未读', content: '一条' }, { token: operator.token });
    const row = () => s.deps.db.kysely.selectFrom('users').selectAll().where('id', '=', user.user.id).executeTakeFirstOrThrow();
    const before = await row();
    const ask = async (sock: HallSocket) => {
      const answer = next(sock, 'rGetUnreadCount');
      sock.emit('getUnreadCount');
      return answer;
    };
    const sock = open({ uuid: user.user.uuid, token: user.token });
    await connected(sock);
    expect(await ask(sock)).toEqual({ total: 1, isNew: true });
    expect(await ask(sock)).toEqual({ total: 1, isNew: false });
    expect(await row()).toEqual(before);
    // Another connection (a second device) is told once too.
    const other = open({ uuid: user.user.uuid, token: user.token });
    await connected(other);
    expect(await ask(other)).toEqual({ total: 1, isNew: true });
  });
  // bench/hall: the badge's cost per ask and a connect's cost per socket are what a crowd multiplies
  // (bench/hall/README.md). Counted in statements, not time: the same on any machine.
  it.skipIf(pgUrl())('SQLite: a connect runs no statement on the main connection, and each getUnreadCount three, whatever the crowd', async () => {
    const runs = s.deps.db.statementRuns!;
    // The hall's tables; the background jobs' statements (queued notice pushes, sweeps) are not the hall's.
    const hallWork = (before: Map<string, number>) => {
      const out = new Map<string, number>();
      for (const [sql, n] of runs()) {
        const d = n - (before.get(sql) ?? 0);
        if (d > 0 && /"(notices|chat_members|forum_inbox|sessions|users|user_revs)"/.test(sql) && !sql.includes('notice_pushes')) out.set(sql, d);
      }
      return out;
    };
    const crowd = await Promise.all(Array.from({ length: 30 }, () => quickSession(s)));
    await s.api.call(api.adminSendNotice, { user_id: crowd[0]!.user.id, title: '未读', content: '一条' }, { token: operator.token });
    const beforeConnects = runs();
    const socks = crowd.map((who) => open({ uuid: who.user.uuid, token: who.token }));
    await Promise.all(socks.map(connected));
    expect(hallWork(beforeConnects)).toEqual(new Map());

    const beforeAsks = runs();
    const answers = await Promise.all(
      socks.map((sock) => {
        const answer = next(sock, 'rGetUnreadCount');
        sock.emit('getUnreadCount');
        return answer;
      }),
    );
    expect(answers[0]).toEqual({ total: 1, isNew: true });
    expect(answers.slice(1).every((a) => a.total === 0)).toBe(true);
    // One statement per kind of unread item (notices with their newest id; private messages; forum comments).
    const asks = hallWork(beforeAsks);
    expect([...asks.values()]).toEqual([30, 30, 30]);
  });
});

import type { PkBattle, PkHistoryEntry, PkSide, UserBrief } from '@app/contract';
import type { Deps } from '../../deps.js';
import { chinaDay, chinaDayStart, weekStart } from '../../lib/chinaTime.js';
import { briefsOf } from '../user/userBriefs.js';
import { pkRepository as repo } from './pk.repository.js';
import type { PkRow } from './pk.tables.js';

const gone = (id: number): UserBrief => ({ id, uuid: '', nickname: '', avatar: '', vip_level: 0, level: 0, is_anchor: false });

/** What clients see of battles: both sides with scores and top three, an anchor's history, the weekly wins. */
export class PkViews {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async battle(row: PkRow, nowMs: number): Promise<PkBattle> {
    const window = row.started_at && row.ends_at ? { from: row.started_at, to: row.ends_at } : null;
    const side = async (roomId: number, stored: number | null) => {
      if (!window) return { score: 0, top: [] as { user_id: number; amount: number }[] };
      const [score, top] = await Promise.all([
        stored !== null ? Promise.resolve(Number(stored)) : repo.score(this.db, roomId, window.from, window.to),
        repo.top(this.db, roomId, window.from, window.to),
      ]);
      return { score, top };
    };
    const [a, b] = await Promise.all([side(row.a_room_id, row.a_score), side(row.b_room_id, row.b_score)]);
    const briefs = await briefsOf(this.db, [row.a_anchor_id, row.b_anchor_id, ...a.top.map((t) => t.user_id), ...b.top.map((t) => t.user_id)]);
    const view = (roomId: number, anchorId: number, s: typeof a): PkSide => ({
      room_id: roomId,
      anchor: briefs.get(anchorId) ?? gone(anchorId),
      score: s.score,
      top: s.top.map((t) => ({ user: briefs.get(t.user_id) ?? gone(t.user_id), amount: t.amount })),
    });
    return {
      id: row.id,
      status: row.status,
      mode: row.mode,
      a: view(row.a_room_id, row.a_anchor_id, a),
      b: view(row.b_room_id, row.b_anchor_id, b),
      duration_s: row.duration_s,
      punish_s: row.punish_s,
      invited_at: row.invited_at,
      answer_by: row.answer_by,
      started_at: row.started_at,
      ends_at: row.ends_at,
      punish_ends_at: row.punish_ends_at,
      ended_at: row.ended_at,
      winner: row.winner,
      end_reason: row.end_reason,
      ended_by: row.ended_by,
      now: new Date(nowMs).toISOString(),
    };
  }

  async history(rows: PkRow[], anchorId: number): Promise<PkHistoryEntry[]> {
    const briefs = await briefsOf(
      this.db,
      rows.map((r) => (r.a_anchor_id === anchorId ? r.b_anchor_id : r.a_anchor_id)),
    );
    return rows.map((r) => {
      const mine = r.a_anchor_id === anchorId ? 'a' : 'b';
      const theirs = mine === 'a' ? 'b' : 'a';
      const opponent = mine === 'a' ? r.b_anchor_id : r.a_anchor_id;
      return {
        id: r.id,
        opponent: briefs.get(opponent) ?? gone(opponent),
        my_score: Number((mine === 'a' ? r.a_score : r.b_score) ?? 0),
        their_score: Number((theirs === 'a' ? r.a_score : r.b_score) ?? 0),
        result: r.winner === 'draw' ? 'draw' : r.winner === mine ? 'win' : 'lose',
        end_reason: r.end_reason ?? 'time',
        started_at: r.started_at ?? r.invited_at,
        ended_at: r.ended_at ?? r.ends_at ?? r.invited_at,
      };
    });
  }

  /** This China-time week's wins (from Monday 00:00 China time). */
  async rank(meId: number | null, size: number, nowMs: number) {
    const start = new Date(chinaDayStart(weekStart(chinaDay(nowMs)))).toISOString();
    const all = await repo.wins(this.db, start);
    const top = all.slice(0, size);
    const briefs = await briefsOf(this.db, [...top.map((t) => t.user_id), ...(meId ? [meId] : [])]);
    const myIndex = meId === null ? -1 : all.findIndex((t) => t.user_id === meId);
    return {
      start,
      list: top.map((t, i) => ({ rank: i + 1, user: briefs.get(t.user_id) ?? gone(t.user_id), wins: t.wins })),
      me: meId === null ? null : { rank: myIndex >= 0 ? myIndex + 1 : null, wins: myIndex >= 0 ? all[myIndex]!.wins : 0, user: briefs.get(meId) ?? gone(meId) },
    };
  }
}

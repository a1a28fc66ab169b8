import { sql, type Kysely } from 'kysely';
import { defaultNames } from '../defaultNames.js';

interface Named {
  id: number;
  name: string;
  names: string;
}
/** The columns this migration reads and writes. */
interface Tables {
  gifts: Named;
  room_categories: Named;
  video_categories: Named;
  forum_categories: Named;
  recharge_packages: Named & { tag: string; tag_names: string };
  transfers: { id: number; kind: string; remark: string; params: string };
  notices: { id: number; title: string; content: string; kind: string; params: string };
}
type AnyDb = Kysely<Tables>;

const NAMED = ['gifts', 'room_categories', 'video_categories', 'forum_categories', 'recharge_packages'] as const;

/** Notice titles the server wrote before notices carried a kind. */
const NOTICE_KINDS: Record<string, string> = {
  欢迎加入: 'welcome',
  新人福利已到账: 'newcomer_gift',
  账号安全提醒: 'security_tip',
  主播申请已通过: 'anchor_approved',
  主播申请未通过: 'anchor_rejected',
};

/** A record's parameters read back from the zh-CN remark it was written with (rows before params). */
export function paramsFromRemark(kind: string, remark: string): Record<string, string | number> {
  const m = (re: RegExp) => re.exec(remark);
  const num = (re: RegExp, key: string) => {
    const r = m(re);
    return r ? { [key]: Number(r[1]) } : {};
  };
  const txt = (re: RegExp, key: string) => {
    const r = m(re);
    return r ? { [key]: r[1]! } : {};
  };
  switch (kind) {
    case 'check_in':
      return num(/^签到第(\d+)天$/, 'day');
    case 'recharge':
    case 'recharge_bonus':
      return num(/^(\d+)金币/, 'coins');
    case 'gift':
    case 'gift_fee': {
      const r = m(/^(.+)×(\d+)$/);
      return r ? { gift: r[1]!, count: Number(r[2]) } : {};
    }
    case 'video_buy':
    case 'video_fee':
      return txt(/^《(.*)》$/, 'title');
    case 'withdraw_freeze': {
      const platform = remark.includes('银行卡') ? 'bank' : remark.includes('支付宝') ? 'alipay' : remark.includes('微信') ? 'wechat' : '';
      return platform ? { platform, account: remark.split(' ').pop() ?? '' } : {};
    }
    case 'withdraw_refund':
      return txt(/^提现被驳回：(.*)$/s, 'reason');
    case 'adjust':
      return txt(/^运营调整：(.*)$/s, 'reason');
    case 'game_in':
    case 'game_out':
      return { game: remark };
    default:
      return {};
  }
}

/**
 * Names per language for what the server owns, and kinds + parameters for what it writes, so a
 * client renders both in its reader's language: `names` (and a package's `tag_names`) on the
 * catalogues, `params` on ledger transfers, `kind` + `params` on notices. Existing rows are given
 * theirs here (the shipped names' English; parameters read back from the zh-CN texts).
 */
export function serverOwnedNames() {
  return {
    async up(k: Kysely<unknown>): Promise<void> {
      const db = k as AnyDb;
      for (const table of NAMED) {
        await db.schema
          .alterTable(table)
          .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
          .execute();
        const t = table as 'gifts';
        for (const r of await db.selectFrom(t).select(['id', 'name']).execute()) {
          await db
            .updateTable(t)
            .set({ names: defaultNames(r.name) })
            .where('id', '=', r.id)
            .execute();
        }
      }
      // Clients keep the gift list until gift_version changes: this makes them fetch the names.
      await sql`update settings set value = cast(cast(value as integer) + 1 as varchar(32)) where key = 'gift_version'`.execute(db);
      await db.schema
        .alterTable('recharge_packages')
        .addColumn('tag_names', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      for (const r of await db.selectFrom('recharge_packages').select(['id', 'tag']).where('tag', '<>', '').execute()) {
        await db
          .updateTable('recharge_packages')
          .set({ tag_names: defaultNames(String(r.tag)) })
          .where('id', '=', r.id)
          .execute();
      }

      await db.schema
        .alterTable('transfers')
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      for (let after = 0; ;) {
        const rows = await db.selectFrom('transfers').select(['id', 'kind', 'remark']).where('id', '>', after).orderBy('id').limit(500).execute();
        if (rows.length === 0) break;
        for (const r of rows) {
          const params = paramsFromRemark(String(r.kind), String(r.remark));
          if (Object.keys(params).length > 0)
            await db
              .updateTable('transfers')
              .set({ params: JSON.stringify(params) })
              .where('id', '=', r.id)
              .execute();
        }
        after = Number(rows[rows.length - 1]!.id);
      }

      await db.schema
        .alterTable('notices')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('notices')
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      for (const [title, kind] of Object.entries(NOTICE_KINDS)) {
        await db.updateTable('notices').set({ kind }).where('title', '=', title).execute();
      }
      for (const r of await db.selectFrom('notices').select(['id', 'content']).where('kind', '=', 'anchor_rejected').execute()) {
        const reason = /原因：(.*)$/s.exec(String(r.content))?.[1] ?? '';
        await db
          .updateTable('notices')
          .set({ params: JSON.stringify({ reason }) })
          .where('id', '=', r.id)
          .execute();
      }
    },
    async down(k: Kysely<unknown>): Promise<void> {
      const db = k as AnyDb;
      for (const table of NAMED) await db.schema.alterTable(table).dropColumn('names').execute();
      await db.schema.alterTable('recharge_packages').dropColumn('tag_names').execute();
      await db.schema.alterTable('transfers').dropColumn('params').execute();
      await db.schema.alterTable('notices').dropColumn('kind').execute();
      await db.schema.alterTable('notices').dropColumn('params').execute();
    },
  };
}

import type { Conn } from '../../db/database.js';
import type { MediaNodeRow } from './placement.tables.js';

export type MediaNodeLoad = Omit<MediaNodeRow, 'seen_at'>;
/** Where a room is placed: its node, and on Janus the instance bridging its signalling. */
export interface Placement {
  node: string | null;
  bridge: string | null;
}

/** SQL for the media nodes (0015) and the rooms' placement on them. */
export const mediaNodeRepository = {
  /** Registers or refreshes a node, and its load as this instance placed it (`instanceId`'s row of media_node_loads). */
  touch: async (db: Conn, n: MediaNodeLoad, instanceId: string, at: string) => {
    await db
      .insertInto('media_nodes')
      .values({ ...n, seen_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ kind: n.kind, url: n.url, viewers: n.viewers, rooms: n.rooms, capacity: n.capacity, seen_at: at }))
      .execute();
    await db
      .insertInto('media_node_loads')
      .values({ node_id: n.id, instance_id: instanceId, viewers: n.viewers, rooms: n.rooms, seen_at: at })
      .onConflict((oc) => oc.columns(['node_id', 'instance_id']).doUpdateSet({ viewers: n.viewers, rooms: n.rooms, seen_at: at }))
      .execute();
  },

  /**
   * Nodes of a kind refreshed at or after `since`, each with its load summed over the instances
   * that refreshed their share of it since then (several instances drive one Janus node).
   */
  aliveSince: async (db: Conn, kind: MediaNodeRow['kind'], since: string): Promise<MediaNodeRow[]> => {
    const nodes = await db.selectFrom('media_nodes').selectAll().where('kind', '=', kind).where('seen_at', '>=', since).execute();
    if (nodes.length === 0) return nodes;
    const sums = await db
      .selectFrom('media_node_loads')
      .select(['node_id', db.fn.sum<number>('viewers').as('viewers'), db.fn.sum<number>('rooms').as('rooms')])
      .where(
        'node_id',
        'in',
        nodes.map((n) => n.id),
      )
      .where('seen_at', '>=', since)
      .groupBy('node_id')
      .execute();
    const byNode = new Map(sums.map((r) => [r.node_id, r]));
    return nodes.map((n) => {
      const sum = byNode.get(n.id);
      return sum ? { ...n, viewers: Number(sum.viewers), rooms: Number(sum.rooms) } : n;
    });
  },

  byId: (db: Conn, id: string) => db.selectFrom('media_nodes').selectAll().where('id', '=', id).executeTakeFirst(),

  remove: async (db: Conn, id: string) => {
    await db.deleteFrom('media_node_loads').where('node_id', '=', id).execute();
    await db.deleteFrom('media_nodes').where('id', '=', id).execute();
  },
  removeBefore: async (db: Conn, before: string) => {
    await db.deleteFrom('media_node_loads').where('seen_at', '<', before).execute();
    await db.deleteFrom('media_nodes').where('seen_at', '<', before).execute();
  },

  placement: (db: Conn, roomId: number) =>
    db.selectFrom('rooms').select(['id', 'status', 'media_node', 'media_url', 'media_bridge']).where('id', '=', roomId).executeTakeFirst(),

  /**
   * Places an open room on a node (and, on Janus, a bridge) unless another instance placed it
   * meanwhile: the update names the placement it replaces (nulls, or a node or bridge found dead).
   * False when it lost that race.
   */
  place: async (db: Conn, roomId: number, from: Placement, to: Placement & { node: string; url: string }): Promise<boolean> => {
    let q = db
      .updateTable('rooms')
      .set({ media_node: to.node, media_url: to.url, media_bridge: to.bridge })
      .where('id', '=', roomId)
      .where('status', '=', 'open');
    q = from.node === null ? q.where('media_node', 'is', null) : q.where('media_node', '=', from.node);
    q = from.bridge === null ? q.where('media_bridge', 'is', null) : q.where('media_bridge', '=', from.bridge);
    return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
  },

  /** Open rooms placed on one of `nodes`. */
  openOn: async (db: Conn, nodes: string[]): Promise<{ id: number; media_node: string }[]> =>
    nodes.length === 0
      ? []
      : (await db.selectFrom('rooms').select(['id', 'media_node']).where('status', '=', 'open').where('media_node', 'in', nodes).execute()).flatMap((r) =>
          r.media_node === null ? [] : [{ id: r.id, media_node: r.media_node }],
        ),

  /**
   * Open placed rooms whose node is not among `alive` (its row ran out or is gone), or whose bridge
   * (a Janus room's) is not among `bridges` (its lease ran out).
   */
  openOnDead: async (db: Conn, alive: string[], bridges: string[]): Promise<{ id: number }[]> => {
    let q = db.selectFrom('rooms').select(['id']).where('status', '=', 'open').where('media_node', 'is not', null);
    if (alive.length > 0) {
      q = q.where((eb) =>
        eb.or([
          eb('media_node', 'not in', alive),
          bridges.length > 0 ? eb.and([eb('media_bridge', 'is not', null), eb('media_bridge', 'not in', bridges)]) : eb('media_bridge', 'is not', null),
        ]),
      );
    }
    return q.execute();
  },

  /** How many open rooms each of `bridges` bridges now. */
  bridged: async (db: Conn, bridges: string[]): Promise<Map<string, number>> => {
    if (bridges.length === 0) return new Map();
    const rows = await db
      .selectFrom('rooms')
      .select(['media_bridge', db.fn.countAll<number>().as('n')])
      .where('status', '=', 'open')
      .where('media_bridge', 'in', bridges)
      .groupBy('media_bridge')
      .execute();
    return new Map(rows.flatMap((r) => (r.media_bridge === null ? [] : [[r.media_bridge, Number(r.n)] as const])));
  },
};

import type { Deps } from '../../deps.js';
import { instanceRepository as instances } from './instance.repository.js';
import type { InstanceLease } from './instanceLease.js';
import { mediaNodeRepository as repo, type MediaNodeLoad, type Placement } from './mediaNode.repository.js';
import type { MediaNodeRow } from './placement.tables.js';

/** What the registry reads of this process's media engine: its kind and the load of each node it drives. */
export interface LocalMedia {
  readonly kind: 'embedded' | 'janus';
  /** The nodes this process serves or drives now, with their load (Janus: the live ones only). */
  loads(): MediaNodeLoad[];
}

/** A node's id in `media_nodes`: an instance's SFU by its lease, a Janus node by its API URL. */
export const embeddedNodeId = (instanceId: string): string => `embedded:${instanceId}`;
export const janusNodeId = (url: string): string => `janus:${url}`;

/** An instance bridging Janus rooms' signalling, and the origin of its media routes. */
interface Bridge {
  id: string;
  url: string;
}

/** Load as a share of capacity, then rooms: the least loaded node takes a new room. */
const load = (n: Pick<MediaNodeRow, 'viewers' | 'capacity' | 'rooms'>): number => n.viewers / Math.max(1, n.capacity) + n.rooms / 1e6;

/**
 * The media nodes table and rooms' placement. Every process with the media role registers the nodes
 * it serves (its own SFU, or the Janus nodes it reaches) with their public URL and load, refreshed
 * like the instance lease. A room is placed when it opens on the least loaded live node of the
 * configured engine (its own node on a tie), and `room/media` hands out that node's URL whichever
 * instance answers; on Janus, the URL of a live instance that bridges the signalling (the one with
 * the fewest rooms, this one on a tie), named in the room's `media_bridge`. A room whose node died,
 * or whose bridge's lease ran out, is placed again and its room channel hears `media`: its
 * publishers publish again (on the new node, or through the new bridge) and its viewers play again.
 * Every process with the media role sweeps for such rooms each third of the lease.
 */
export class MediaNodes {
  private local: LocalMedia | undefined;
  private timer: NodeJS.Timeout | undefined;
  private registered: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Deps,
    private readonly lease: InstanceLease,
    private readonly leaseMs: number,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** The nodes this process serves or drives now, with their load (none without the media role). */
  localLoads(): MediaNodeLoad[] {
    return this.local?.loads() ?? [];
  }

  /** The origin clients reach this instance's WHIP/WHEP at ('' = relative to the page's). */
  get ownUrl(): string {
    return this.deps.config.media.publicUrl || this.deps.config.publicUrl;
  }

  /**
   * Starts registering this process's node(s), and sweeping for rooms to place again; called by the
   * media role with its engine. On Janus this instance bridges rooms' signalling: its lease says so.
   */
  attach(local: LocalMedia): void {
    this.local = local;
    this.registered = Promise.all([this.refresh(), local.kind === 'janus' ? this.lease.bridge(this.ownUrl) : undefined]).then(() => undefined);
    this.timer = setInterval(
      () =>
        void this.refresh()
          .then(() => this.sweep())
          .catch((err: unknown) => this.deps.log.warn({ err }, 'media node sweep failed')),
      Math.max(250, Math.floor(this.leaseMs / 3)),
    );
    this.timer.unref();
  }

  private async refresh(): Promise<void> {
    if (!this.local) return;
    const at = new Date().toISOString();
    try {
      for (const n of this.local.loads()) await repo.touch(this.db, n, this.lease.id, at);
    } catch (err) {
      this.deps.log.warn({ err }, 'media node refresh failed');
    }
  }

  private async alive(): Promise<MediaNodeRow[]> {
    await this.registered;
    const since = new Date(Date.now() - this.leaseMs).toISOString();
    return repo.aliveSince(this.db, this.deps.config.media.engine, since);
  }

  /** The least loaded live node; this process's own on a tie. */
  private pick(nodes: MediaNodeRow[]): MediaNodeRow | undefined {
    const own = new Set(this.local?.loads().map((n) => n.id) ?? []);
    return [...nodes].sort((a, b) => load(a) - load(b) || Number(own.has(b.id)) - Number(own.has(a.id)))[0];
  }

  /** Instances bridging Janus rooms now (this one included when it does); none with the embedded engine. */
  private async bridges(): Promise<Bridge[]> {
    if (this.deps.config.media.engine !== 'janus') return [];
    const live = await instances.bridgesSince(this.db, new Date(Date.now() - this.leaseMs).toISOString());
    const own = this.local?.kind === 'janus' && !live.some((b) => b.id === this.lease.id) ? [{ id: this.lease.id, url: this.ownUrl }] : [];
    return [...live, ...own];
  }

  /** The bridge with the fewest open rooms; this instance on a tie. */
  private async pickBridge(bridges: Bridge[]): Promise<Bridge | undefined> {
    const counts = await repo.bridged(
      this.db,
      bridges.map((b) => b.id),
    );
    const rooms = (b: Bridge) => counts.get(b.id) ?? 0;
    return [...bridges].sort((a, b) => rooms(a) - rooms(b) || Number(b.id === this.lease.id) - Number(a.id === this.lease.id))[0];
  }

  /** Whether a room placed on `node` keeps its placement: an embedded node serves its own signalling; a Janus room needs its bridge alive. */
  private bridged(node: MediaNodeRow, bridge: string | null, bridges: Bridge[]): boolean {
    // No bridge named: placed before bridges were recorded, or when none was registered.
    return node.kind === 'embedded' || bridge === null || bridges.some((b) => b.id === bridge);
  }

  /**
   * Places an open room if it is not placed or its node is gone, and returns its placement. With no
   * live node registered (no process runs the media role yet) the room stays unplaced and clients
   * are sent to this instance.
   */
  async placement(roomId: number): Promise<{ node: MediaNodeRow | undefined; url: string }> {
    const nodes = await this.alive();
    const bridges = await this.bridges();
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await repo.placement(this.db, roomId);
      if (!row || row.status !== 'open') return { node: undefined, url: this.ownUrl };
      const current = nodes.find((n) => n.id === row.media_node);
      if (current && row.media_url !== null && this.bridged(current, row.media_bridge, bridges)) return { node: current, url: row.media_url };
      // A Janus room whose bridge is gone stays on its node (its VideoRoom is there), bridged by a live instance.
      const next = current ?? this.pick(nodes);
      if (!next) return { node: undefined, url: row.media_url ?? this.ownUrl };
      const bridge = next.kind === 'janus' ? await this.pickBridge(bridges) : undefined;
      const url = next.kind === 'embedded' ? next.url : (bridge?.url ?? this.ownUrl);
      const from: Placement = { node: row.media_node, bridge: row.media_bridge };
      if (await repo.place(this.db, roomId, from, { node: next.id, url, bridge: bridge?.id ?? null })) {
        if (row.media_node !== null) this.moved(roomId, from, { node: next.id, bridge: bridge?.id ?? null });
        return { node: next, url };
      }
    }
    const row = await repo.placement(this.db, roomId);
    return { node: nodes.find((n) => n.id === row?.media_node), url: row?.media_url ?? this.ownUrl };
  }

  /** The Janus node (its API URL) a room is placed on, placing it if needed: the Janus engine opens the room there. */
  async janusUrlOf(roomIdText: string): Promise<string | undefined> {
    const roomId = Number(roomIdText);
    if (!Number.isSafeInteger(roomId)) return undefined;
    const { node } = await this.placement(roomId);
    return node?.kind === 'janus' ? node.url : undefined;
  }

  /** A node this process saw die (a Janus node's connection dropped): its rooms move to a live node now. */
  async nodeDown(nodeId: string): Promise<void> {
    await repo.remove(this.db, nodeId);
    for (const r of await repo.openOn(this.db, [nodeId])) await this.placement(r.id);
  }

  /** The sweep (each media process, every third of the lease): rooms on nodes whose row ran out, or whose bridge's lease did, are placed again. */
  async sweep(): Promise<void> {
    const nodes = await this.alive();
    const bridges = await this.bridges();
    await repo.removeBefore(this.db, new Date(Date.now() - 10 * this.leaseMs).toISOString());
    const dead = await repo.openOnDead(
      this.db,
      nodes.map((n) => n.id),
      bridges.map((b) => b.id),
    );
    for (const r of dead) await this.placement(r.id);
  }

  /** The room's publishers and viewers are told to connect again: their node, or the instance bridging them to it, is gone. */
  private moved(roomId: number, from: Placement, to: Placement): void {
    this.deps.log.warn({ roomId, from, to }, 'room moved to another media node or bridge');
    this.deps.rooms.toRoom(roomId, 'media', { room_id: roomId, reason: 'node_lost' });
  }

  /**
   * Clean stop: this process's nodes are given back (an embedded node; Janus nodes stay for the
   * others). A Janus bridge's lease, given back by the room service, moves its rooms at the next sweep.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.registered;
    if (this.local?.kind === 'embedded') await repo.remove(this.db, embeddedNodeId(this.lease.id)).catch(() => {});
  }
}

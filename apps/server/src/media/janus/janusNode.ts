/**
 * One Janus node as the engine sees it: a janode connection and session, a control handle on the
 * VideoRoom plugin (rooms, kicks, forwards), its load (viewers fed) and whether it is alive. Its
 * Streaming plugin feeds the viewers whose offers number codecs otherwise (janusMounts.ts).
 */
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import StreamingPlugin, { type StreamingHandle } from 'janode/plugins/streaming';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';

Janode.Logger.setLevel('none');

/** VideoRoom's error code for a `create` of a room that exists. */
const ROOM_EXISTS = 427;

export class JanusNode {
  alive = false;
  /** Viewer sessions this node feeds now (its load). */
  viewers = 0;
  private conn: JanodeConnection | undefined;
  private session: JanodeSession | undefined;
  private control: VideoRoomHandle | undefined;
  private streamingControl: Promise<StreamingHandle> | undefined;
  private readonly rooms = new Set<number>();
  private readonly deathListeners: (() => void)[] = [];

  constructor(
    readonly url: string,
    readonly capacity: number,
  ) {}

  /** Connects, creates a session and the control handle; throws when the node cannot be reached. */
  async connect(): Promise<void> {
    const conn = await Janode.connect({ address: [{ url: this.url }], retry_time_secs: 1, max_retries: 1 });
    const session = await conn.create(15);
    this.control = await session.attach(VideoRoomPlugin);
    [this.conn, this.session, this.alive] = [conn, session, true];
    const die = () => {
      if (!this.alive) return;
      this.alive = false;
      this.rooms.clear();
      this.streamingControl = undefined;
      for (const l of this.deathListeners) l();
    };
    conn.once(Janode.EVENT.CONNECTION_CLOSED, die);
    conn.once(Janode.EVENT.CONNECTION_ERROR, die);
    session.once(Janode.EVENT.SESSION_DESTROYED, die);
  }

  /** VideoRooms open on this node now. */
  get roomCount(): number {
    return this.rooms.size;
  }

  onDeath(listener: () => void): void {
    this.deathListeners.push(listener);
  }

  /** A new VideoRoom handle (one per WHIP/WHEP session). */
  async handle(): Promise<VideoRoomHandle> {
    if (!this.session || !this.alive) throw new Error(`janus ${this.url} is down`);
    return this.session.attach(VideoRoomPlugin);
  }

  /** A new Streaming handle (a viewer fed by a mountpoint: janusMounts.ts). */
  async streamingHandle(): Promise<StreamingHandle> {
    if (!this.session || !this.alive) throw new Error(`janus ${this.url} is down`);
    return this.session.attach(StreamingPlugin);
  }

  /** The control handle on the Streaming plugin (mountpoints made and destroyed), attached on first use. */
  streamingAdmin(): Promise<StreamingHandle> {
    this.streamingControl ??= this.streamingHandle().catch((err: unknown) => {
      this.streamingControl = undefined;
      throw err;
    });
    return this.streamingControl;
  }

  get admin(): VideoRoomHandle {
    if (!this.control || !this.alive) throw new Error(`janus ${this.url} is down`);
    return this.control;
  }

  /**
   * Creates the VideoRoom for `room` if this node does not have it yet. It may exist already: made by
   * another API instance (one that bridged the room before, maybe with stale participants left), or
   * by one that created it between the check and the create (Janus's 427 "room exists").
   */
  async ensureRoom(room: number, maxPublishers: number, bitrate: number): Promise<void> {
    if (this.rooms.has(room)) return;
    const { exists } = await this.admin.exists({ room });
    if (!exists) {
      await this.admin
        .create({ room, max_publishers: maxPublishers, audiocodec: 'opus', videocodec: 'h264,vp8', notify_joining: false, bitrate, fir_freq: 0 })
        .catch((err: unknown) => {
          if ((err as { _code?: number })._code !== ROOM_EXISTS) throw err;
        });
    }
    this.rooms.add(room);
  }

  /**
   * Destroys a VideoRoom this node holds. `unlessOthers`: the feeds of the caller's own publishers
   * (leaving now): the room stays while another publisher is in it (another instance's).
   */
  async destroyRoom(room: number, unlessOthers?: Set<number>): Promise<void> {
    if (!this.rooms.delete(room) || !this.alive) return;
    try {
      if (unlessOthers && (await this.participants(room)).some((p) => p.publisher && !unlessOthers.has(p.feed))) return;
      await this.admin.destroy({ room });
    } catch {
      // The node went meanwhile: its rooms went with it.
    }
  }

  /** Whether the node has this VideoRoom (opened by any API instance). */
  async hasRoom(room: number): Promise<boolean> {
    try {
      return (await this.admin.exists({ room })).exists;
    } catch {
      return false;
    }
  }

  /** The participants of a VideoRoom (empty when the node or the room is gone). */
  async participants(room: number): Promise<{ feed: number; display?: string; publisher?: boolean }[]> {
    try {
      return (await this.admin.listParticipants({ room })).participants;
    } catch {
      return [];
    }
  }

  async close(): Promise<void> {
    this.alive = false;
    await this.session?.destroy().catch(() => {});
    await this.conn?.close().catch(() => {});
  }
}

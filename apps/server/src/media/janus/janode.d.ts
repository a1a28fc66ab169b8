/** The parts of janode 1.8 (untyped JavaScript) the Janus engine uses. */
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface Jsep {
    type: 'offer' | 'answer';
    sdp: string;
  }
  export interface JanodeHandle extends EventEmitter {
    id: number;
    detach(): Promise<void>;
    hangup(): Promise<void>;
    /** A raw plugin request; resolves with Janus's response. */
    message(body: Record<string, unknown>, jsep?: Jsep): Promise<{ plugindata?: { data?: Record<string, unknown> } }>;
    trickle(candidate: { candidate: string; sdpMid?: string; sdpMLineIndex?: number } | null): Promise<void>;
  }
  export interface JanodeSession extends EventEmitter {
    id: number;
    attach<H>(plugin: { Handle: new (...args: never[]) => H; id: string }): Promise<H>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
    /** Admin API (a connection made with is_admin). */
    listSessions(): Promise<{ sessions: number[] }>;
    listHandles(sessionId: number): Promise<{ handles: number[] }>;
  }
  const Janode: {
    connect(config: {
      is_admin?: boolean;
      address: { url: string; apisecret?: string }[];
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    EVENT: {
      CONNECTION_CLOSED: string;
      CONNECTION_ERROR: string;
      SESSION_DESTROYED: string;
      HANDLE_DETACHED: string;
      HANDLE_ICE_FAILED: string;
      HANDLE_HANGUP: string;
      HANDLE_MEDIA: string;
      HANDLE_WEBRTCUP: string;
    };
    Logger: { setLevel(level: string): void };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, Jsep } from 'janode';

  export interface VideoRoomStream {
    type?: string;
    mid?: string;
    feed_id?: number;
    feed_mid?: string;
    codec?: string;
  }
  export interface VideoRoomHandle extends JanodeHandle {
    create(p: {
      room: number;
      max_publishers?: number;
      audiocodec?: string;
      videocodec?: string;
      notify_joining?: boolean;
      bitrate?: number;
      fir_freq?: number;
      permanent?: boolean;
    }): Promise<unknown>;
    destroy(p: { room: number }): Promise<unknown>;
    exists(p: { room: number }): Promise<{ exists: boolean }>;
    kick(p: { room: number; feed: number }): Promise<unknown>;
    joinConfigurePublisher(p: { room: number; feed: number; display?: string; jsep: Jsep }): Promise<{ feed: number; jsep?: Jsep }>;
    joinSubscriber(p: {
      room: number;
      streams: { feed: number; mid?: string }[];
      autoupdate?: boolean;
      use_msid?: boolean;
    }): Promise<{ jsep?: Jsep; streams?: VideoRoomStream[] }>;
    start(p: { jsep: Jsep }): Promise<unknown>;
    configure(p: { keyframe?: boolean }): Promise<unknown>;
    switch(p: { streams: { feed: number; mid: string; sub_mid: string }[] }): Promise<unknown>;
    startForward(p: { room: number; feed: number; host: string; streams: { mid: string; port: number }[] }): Promise<{ forwarders?: JanodeForwarder[] }>;
    stopForward(p: { room: number; feed: number; stream: number }): Promise<unknown>;
    listForward(p: { room: number }): Promise<{ forwarders?: { feed: number; forwarders: JanodeForwarder[] }[] }>;
    listParticipants(p: { room: number }): Promise<{ participants: { feed: number; display?: string; publisher?: boolean }[] }>;
  }
  /** A forwarder as janode 1.8 reports it: Janus's `stream_id` under the key of its kind. */
  interface JanodeForwarder {
    host?: string;
    audio_stream?: number;
    video_stream?: number;
    data_stream?: number;
  }
  const VideoRoomPlugin: {
    id: string;
    Handle: new (...args: never[]) => VideoRoomHandle;
    EVENT: Record<string, string>;
  };
  export default VideoRoomPlugin;
}

declare module 'janode/plugins/streaming' {
  import type { JanodeHandle, Jsep } from 'janode';

  export interface StreamingHandle extends JanodeHandle {
    /** Subscribes to a mountpoint; Janus's offer comes in `jsep`. */
    watch(p: { id: number; pin?: string; restart?: boolean }): Promise<{ jsep?: Jsep }>;
    start(p: { jsep: Jsep }): Promise<unknown>;
  }
  const StreamingPlugin: {
    id: string;
    Handle: new (...args: never[]) => StreamingHandle;
    EVENT: Record<string, string>;
  };
  export default StreamingPlugin;
}

import type { RoomInfo } from '@app/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Broadcaster } from '../../../../lib/media/broadcaster';
import { ANCHOR_MAX_BITRATE, SEAT_MAX_BITRATE } from '../../../../lib/media/capture';
import { RoomPlayer } from '../../../../lib/media/player';
import { mediaCredentials } from '../../../../state/queries/room';
import { waitJoined } from '../../../../state/realtime/room';
import { useStore } from '../shell/useStore';

/** A viewer whose WebRTC is not playing this long after it started watches the HLS stream instead. */
export const WEBRTC_WAIT_MS = 5000;

interface Args {
  /** The room as the channel knows it (null until joined). */
  room: RoomInfo | null;
  /** The room id and its mic seats, known before joining (URL and cached room info). */
  roomId: number;
  micSeats: number;
  /** The channel is joining or in the room; playback starts preparing then and waits for the join. */
  active: boolean;
  /** The channel has joined (publishing needs the seat, known only then). */
  joined: boolean;
  /** The channel is in the room right now (not reconnecting): the server is reachable. */
  inRoom: boolean;
  /** The seat this page publishes into ('anchor', 'seat-2'), or null. */
  publishSeat: string | null;
  /** The owner streams from OBS (PC mode): nothing is published from the page, the anchor is played. */
  pcMode: boolean;
  /** Times the room moved to another media node (its node died): publish again, play again once the anchor is back. */
  mediaMoves: number;
  anchorLive: boolean;
}

/**
 * The room's media: one WHEP player for the seats this page watches and, when it holds a seat, a
 * WHIP broadcaster. Both are torn down when the page leaves or the room ends (a later visit builds
 * them again in ~0.5 s; keeping peer connections across pages would hold the camera open).
 */
export function useRoomMedia({ room, roomId, micSeats, active, joined, inRoom, publishSeat, pcMode, mediaMoves, anchorLive }: Args) {
  const [player, setPlayer] = useState<RoomPlayer | null>(null);
  const [broadcaster, setBroadcaster] = useState<Broadcaster | null>(null);
  /** The room's live HLS playlist (from the play credentials), and whether this page watches it instead of WebRTC. */
  const [hlsUrl, setHlsUrl] = useState<string | null>(null);
  const [via, setVia] = useState<'webrtc' | 'hls'>('webrtc');
  /** An operator sent the room to HLS: plain viewers go there without trying WebRTC for long. */
  const [hlsOnly, setHlsOnly] = useState(false);
  const ownAnchor = publishSeat === 'anchor' && !pcMode;
  // Read when the player connects; a changed seat count must not rebuild a playing connection.
  const seatCount = useRef(micSeats);
  seatCount.current = micSeats;

  useEffect(() => {
    if (!active || !roomId) return;
    const p = new RoomPlayer({
      target: async () => {
        // The server hands out play tokens to members of the room only.
        await waitJoined(roomId);
        const c = await mediaCredentials({ room_id: roomId, kind: 'play' });
        setHlsUrl(c.hls_url);
        setHlsOnly(c.hls_only);
        return { url: c.url, token: c.token, seats: c.seats };
      },
      // The anchor sees their own camera locally; receiving it back would double their traffic.
      exclude: ownAnchor ? ['anchor'] : [],
      seatsHint: ['anchor', ...Array.from({ length: seatCount.current }, (_, i) => `seat-${i + 1}`)],
    });
    setPlayer(p);
    setVia('webrtc');
    p.start();
    return () => {
      p.stop();
      setPlayer(null);
    };
  }, [active, roomId, ownAnchor]);

  const play = useStore(player);
  // A plain viewer moves to HLS when the media server is full, WebRTC does not play within a few seconds, or an operator says so.
  // Not while the server is out of reach: HLS comes from the same server, and WebRTC resumes once it is back.
  const canHls = !!hlsUrl && !publishSeat && via === 'webrtc' && inRoom;
  const full = play?.error === 'viewer_limit';
  const playing = play?.status === 'playing';
  useEffect(() => {
    if (!canHls || !player || playing) return;
    const toHls = () => {
      player.stop();
      setVia('hls');
    };
    if (full || hlsOnly) return toHls();
    const timer = setTimeout(toHls, WEBRTC_WAIT_MS);
    return () => clearTimeout(timer);
  }, [canHls, player, playing, full, hlsOnly]);

  // A viewer on HLS who takes a seat watches the stage over WebRTC again: HLS is seconds behind it.
  const onSeat = publishSeat !== null;
  useEffect(() => {
    if (!onSeat || via !== 'hls' || !player) return;
    setVia('webrtc');
    player.start();
  }, [onSeat, via, player]);

  // Capture settings only matter when publishing starts; later changes go through the tools.
  const settings = room?.settings;
  const front = settings?.front_camera ?? true;
  const camera = settings?.camera ?? true;
  const audio = settings?.audio ?? true;
  const vertical = settings?.vertical ?? true;
  const screen = settings?.screen ?? false;
  useEffect(() => {
    if (!joined || !roomId || !publishSeat || (publishSeat === 'anchor' && pcMode)) return;
    const isAnchor = publishSeat === 'anchor';
    const b = new Broadcaster(
      {
        target: async () => {
          const c = await mediaCredentials({ room_id: roomId, kind: 'publish', seat: publishSeat });
          return { url: c.url, token: c.token };
        },
        maxBitrate: isAnchor ? ANCHOR_MAX_BITRATE : SEAT_MAX_BITRATE,
      },
      // Co-hosts start with camera and mic on, whatever the anchor's own toggles are.
      isAnchor ? { frontCamera: front, camera, audio, vertical } : { frontCamera: true, camera: true, audio: true, vertical: true },
    );
    setBroadcaster(b);
    void b.start().then(() => {
      if (isAnchor && screen) void b.startScreen();
    });
    return () => {
      void b.stop();
      setBroadcaster(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the settings are read once, when publishing starts: later changes go through the tools
  }, [joined, roomId, publishSeat, pcMode]);

  // The room moved to another media node: the broadcaster publishes there at once, the player plays
  // again once the anchor is live there (its old connection's node is gone).
  const replayAfter = useRef(0);
  useEffect(() => {
    if (mediaMoves > 0) broadcaster?.republish();
  }, [mediaMoves, broadcaster]);
  useEffect(() => {
    if (mediaMoves > replayAfter.current && (anchorLive || ownAnchor)) {
      replayAfter.current = mediaMoves;
      player?.retry();
    }
  }, [mediaMoves, anchorLive, ownAnchor, player]);
  const broadcast = useStore(broadcaster);
  const hls = via === 'hls' ? hlsUrl : null;
  return useMemo(() => ({ player, broadcaster, play, broadcast, hls }), [player, broadcaster, play, broadcast, hls]);
}

export type RoomMedia = ReturnType<typeof useRoomMedia>;

import type { RoomKind, RoomSettings as WireSettings } from '@app/contract';
import type { RoomSettings } from '../../../state/session';

/** The session's §3 room settings (camelCase) as the contract sends them (free seats and clips: the server's defaults; clips are turned off in the room). */
export const toWireSettings = (s: RoomSettings): Omit<WireSettings, 'free_seats' | 'allow_clips'> => ({
  front_camera: s.frontCamera,
  camera: s.camera,
  audio: s.audio,
  screen: s.screen,
  allow_mic: s.allowMic,
  vertical: s.vertical,
  pc: s.pc,
});

/** The settings room/open gets: the session's toggles, and for a chat room the draft's free seats. */
export const openSettings = (s: RoomSettings, draft: Pick<RoomDraft, 'kind' | 'free_seats'>): Partial<WireSettings> => ({
  ...toWireSettings(s),
  ...(draft.kind === 'chat' ? { free_seats: draft.free_seats } : {}),
});

/** The toggles of the create form, in order, with their catalog keys. */
export const SETTING_ROWS = [
  ['frontCamera', 'create.frontCamera'],
  ['camera', 'create.camera'],
  ['audio', 'create.audio'],
  ['screen', 'create.screen'],
  ['allowMic', 'create.allowMic'],
  ['vertical', 'create.vertical'],
  ['pc', 'create.pc'],
] as const satisfies readonly (readonly [keyof RoomSettings, string])[];

/** What the create form remembers between lives (seed §3 "room config"): everything but the password. */
export interface RoomDraft {
  title: string;
  cover: string;
  category_id: number | null;
  kind: RoomKind;
  mic_seats: number;
  locked: boolean;
  /** Chat rooms: members take an empty seat by tapping it, with no request (the host can switch it in the room). */
  free_seats: boolean;
}

/** Reads the remembered draft defensively: roomConfig is a free-form record in storage. */
export function readDraft(stored: Record<string, unknown>): RoomDraft {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const kind: RoomKind = stored.kind === 'chat' ? 'chat' : 'live';
  const seats = typeof stored.mic_seats === 'number' && Number.isInteger(stored.mic_seats) ? stored.mic_seats : kind === 'chat' ? 8 : 3;
  return {
    title: str(stored.title).slice(0, 30),
    cover: str(stored.cover),
    category_id: typeof stored.category_id === 'number' ? stored.category_id : null,
    kind,
    mic_seats: Math.min(8, Math.max(kind === 'chat' ? 1 : 0, seats)),
    locked: stored.locked === true,
    free_seats: stored.free_seats !== false,
  };
}

import { describe, expect, it } from 'vitest';
import { openSettings, readDraft, toWireSettings } from './settings';

describe('create form memory (seed §3 room config)', () => {
  it('reads garbage as a clean draft', () => {
    expect(readDraft({ title: 5, kind: 'x', mic_seats: 'many', locked: 'yes' })).toEqual({
      title: '',
      cover: '',
      category_id: null,
      kind: 'live',
      mic_seats: 3,
      locked: false,
      free_seats: true,
    });
  });

  it('sends free seats for a chat room only', () => {
    const toggles = { frontCamera: true, camera: true, audio: true, screen: false, allowMic: true, vertical: true, pc: false };
    expect(openSettings(toggles, { kind: 'chat', free_seats: false }).free_seats).toBe(false);
    expect(openSettings(toggles, { kind: 'chat', free_seats: true }).free_seats).toBe(true);
    expect(openSettings(toggles, { kind: 'live', free_seats: false })).not.toHaveProperty('free_seats');
  });

  it('remembers free seats off, and takes anything else as on', () => {
    expect(readDraft({ kind: 'chat', free_seats: false }).free_seats).toBe(false);
    expect(readDraft({ kind: 'chat', free_seats: 'no' }).free_seats).toBe(true);
  });

  it('keeps a chat room at one seat or more and clamps to eight', () => {
    expect(readDraft({ kind: 'chat', mic_seats: 0 }).mic_seats).toBe(1);
    expect(readDraft({ kind: 'live', mic_seats: 20 }).mic_seats).toBe(8);
  });

  it('sends the settings the way the contract names them', () => {
    expect(toWireSettings({ frontCamera: false, camera: true, audio: false, screen: true, allowMic: false, vertical: true, pc: false })).toEqual({
      front_camera: false,
      camera: true,
      audio: false,
      screen: true,
      allow_mic: false,
      vertical: true,
      pc: false,
    });
  });
});

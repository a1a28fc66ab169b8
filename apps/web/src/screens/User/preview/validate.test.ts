import { describe, expect, it } from 'vitest';
import { checkPreview, fromPicker, pickerRange, suggestedStart, toPicker } from './validate';

const NOW = Date.parse('2026-12-02T12:03:00Z');
const MIN = 60_000;

describe('the live preview form', () => {
  it('names the title field when it is empty or longer than 30 characters', () => {
    expect(checkPreview({ title: '  ', startsAt: new Date(NOW + 60 * MIN) }, NOW)).toEqual({ field: 'title', key: 'preview.titleRequired' });
    expect(checkPreview({ title: '长'.repeat(31), startsAt: new Date(NOW + 60 * MIN) }, NOW)?.key).toBe('preview.titleTooLong');
    expect(checkPreview({ title: '😀'.repeat(30), startsAt: new Date(NOW + 60 * MIN) }, NOW)).toBeNull();
  });

  it('names the time field when it is missing, sooner than 10 minutes or beyond 30 days', () => {
    expect(checkPreview({ title: '晚上见', startsAt: null }, NOW)).toEqual({ field: 'starts_at', key: 'preview.timeRequired' });
    expect(checkPreview({ title: '晚上见', startsAt: new Date(NOW + 9 * MIN) }, NOW)?.key).toBe('preview.timeTooSoon');
    expect(checkPreview({ title: '晚上见', startsAt: new Date(NOW + 31 * 24 * 60 * MIN) }, NOW)?.key).toBe('preview.timeTooFar');
    expect(checkPreview({ title: '晚上见', startsAt: new Date(NOW + 10 * MIN) }, NOW)).toBeNull();
  });

  it('offers times on the five minutes past the lead, and suggests the next half hour', () => {
    expect(pickerRange(NOW).min.toISOString()).toBe('2026-12-02T12:15:00.000Z');
    expect(suggestedStart(NOW).toISOString()).toBe('2026-12-02T12:30:00.000Z');
    expect(checkPreview({ title: '晚上见', startsAt: suggestedStart(NOW) }, NOW)).toBeNull();
  });

  it('shows and takes the picker’s times in China time, whatever the device’s zone', () => {
    // 12:30 UTC is 20:30 in China: the picker's wheels read 20:30 on this device, in any zone.
    const at = new Date('2026-12-02T12:30:00.000Z');
    const shown = toPicker(at);
    expect([shown.getFullYear(), shown.getMonth() + 1, shown.getDate(), shown.getHours(), shown.getMinutes()]).toEqual([2026, 12, 2, 20, 30]);
    expect(fromPicker(shown).toISOString()).toBe(at.toISOString());
    // 20:00 picked on the wheels is 12:00 UTC.
    expect(fromPicker(new Date(2026, 11, 2, 20, 0)).toISOString()).toBe('2026-12-02T12:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { checkPreview, pickerRange, suggestedStart } from './validate';

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
});

import { PREVIEW_MAX_AHEAD_DAYS } from '@app/contract';

/** The server's default lead (PREVIEW_MIN_LEAD_MIN): the picker offers nothing sooner. */
export const MIN_LEAD_MIN = 10;
const MINUTE = 60_000;
/** The picker's step: times on the five minutes. */
const STEP_MIN = 5;

export interface PreviewDraft {
  title: string;
  startsAt: Date | null;
}

/** A field's problem, as a message key of the preview form. */
export type PreviewProblem = {
  field: 'title' | 'starts_at';
  key: 'preview.titleRequired' | 'preview.titleTooLong' | 'preview.timeRequired' | 'preview.timeTooSoon' | 'preview.timeTooFar';
};

/** The contract's and the server's rules, before anything is sent: a title of 1–30 characters, a time 10 minutes to 30 days ahead. */
export function checkPreview(d: PreviewDraft, now = Date.now()): PreviewProblem | null {
  const title = d.title.trim();
  if (!title) return { field: 'title', key: 'preview.titleRequired' };
  if ([...title].length > 30) return { field: 'title', key: 'preview.titleTooLong' };
  if (!d.startsAt) return { field: 'starts_at', key: 'preview.timeRequired' };
  if (d.startsAt.getTime() < now + MIN_LEAD_MIN * MINUTE) return { field: 'starts_at', key: 'preview.timeTooSoon' };
  if (d.startsAt.getTime() > now + PREVIEW_MAX_AHEAD_DAYS * 24 * 60 * MINUTE) return { field: 'starts_at', key: 'preview.timeTooFar' };
  return null;
}

/** The picker's range: the first five-minute mark past the lead, to 30 days on. */
export function pickerRange(now = Date.now()): { min: Date; max: Date } {
  const step = STEP_MIN * MINUTE;
  return { min: new Date(Math.ceil((now + MIN_LEAD_MIN * MINUTE) / step) * step), max: new Date(now + PREVIEW_MAX_AHEAD_DAYS * 24 * 60 * MINUTE) };
}

/** What the picker opens on: the next half hour past the lead. */
export function suggestedStart(now = Date.now()): Date {
  const half = 30 * MINUTE;
  return new Date(Math.ceil((now + MIN_LEAD_MIN * MINUTE) / half) * half);
}

/*
 * The wheel picker turns on the device's clock, while every time the app shows is China time
 * (formatDateCN). The picker is handed a Date whose local fields read China's wall clock, and what it
 * answers is turned back: an anchor abroad picks 20:00 and the card says 20:00.
 */
const CHINA_OFFSET_MIN = 8 * 60;
const shiftOf = (d: Date): number => (CHINA_OFFSET_MIN + d.getTimezoneOffset()) * MINUTE;

/** The instant as the picker should show it: local fields equal to China's wall clock at that instant. */
export const toPicker = (d: Date): Date => new Date(d.getTime() + shiftOf(d));

/** The instant a picked China wall-clock time names. */
export function fromPicker(p: Date): Date {
  const guess = new Date(p.getTime() - shiftOf(p));
  // Across a daylight-saving change the device's offset differs between the two instants: take the guess's.
  return new Date(p.getTime() - shiftOf(guess));
}

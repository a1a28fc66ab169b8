import { describe, expect, it } from 'vitest';
import { uploadLabel, uploadMeta } from './MyUploads';

describe('my uploads', () => {
  it('labels a processed upload without a video as not published, and keeps the meta line free of a stray separator', () => {
    expect(uploadLabel({ status: 'ready', video: null })).toBe('draft');
    expect(uploadLabel({ status: 'ready', video: {} as never })).toBe('ready');
    expect(uploadLabel({ status: 'processing', video: null })).toBe('processing');
    expect(uploadMeta(['', '2026-11-26'])).toBe('2026-11-26');
    expect(uploadMeta(['12次播放', '2026-11-26'])).toBe('12次播放 · 2026-11-26');
  });
});

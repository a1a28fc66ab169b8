import { describe, expect, it } from 'vitest';
import { readDraft } from './usePostDraft';

describe('post draft', () => {
  it('reads whatever was stored into a valid draft', () => {
    expect(readDraft(null)).toEqual({ content: '', images: [], tag_ids: [], cate_id: null, location: null });
    const d = readDraft({
      content: 'x'.repeat(2100),
      images: ['/a.png', 3, null, ...Array.from({ length: 12 }, (_, i) => `/${i}.png`)],
      tag_ids: [1, -2, 'x', 3, 4, 5, 6, 7],
      cate_id: '2',
      location: { name: '杭州', lat: 30, lng: 'x' },
    });
    expect(d.content).toHaveLength(2000);
    expect(d.images).toHaveLength(9);
    expect(d.images[0]).toBe('/a.png');
    expect(d.tag_ids).toEqual([1, 3, 4, 5, 6]);
    expect(d.cate_id).toBeNull();
    expect(d.location).toBeNull();
    expect(readDraft({ location: { name: '杭州', lat: 30.2, lng: 120.1 } }).location).toEqual({ name: '杭州', lat: 30.2, lng: 120.1 });
  });
});

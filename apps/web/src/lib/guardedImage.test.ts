import { guardBytes } from '@app/kit';
import { describe, expect, it, vi } from 'vitest';
import { isGuardedUrl, peekGuarded, resolveGuarded } from './guardedImage';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)]);
const bytesReply = (b: Uint8Array, status = 200) => Promise.resolve(new Response(b as BodyInit, { status }));

describe('guarded images', () => {
  it('decodes only our uploads', () => {
    expect(isGuardedUrl('/uploads/a.png')).toBe(true);
    expect(isGuardedUrl(`${location.origin}/uploads/a.png`)).toBe(true);
    expect(isGuardedUrl('/static/gifts/rose.svg')).toBe(false);
    expect(isGuardedUrl('https://cdn.example.com/uploads/a.png')).toBe(false);
    // Uploads in an S3 bucket (or a CDN in front of it), by the shape of their key.
    expect(isGuardedUrl('https://cdn.example.com/cover/2026/11/0f3c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6.webp')).toBe(true);
    expect(isGuardedUrl('http://127.0.0.1:9000/liveapp/avatar/2026/05/0f3c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6.webp')).toBe(true);
    expect(isGuardedUrl('https://cdn.example.com/cover/2026/11/photo.webp')).toBe(false);
    expect(isGuardedUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isGuardedUrl('')).toBe(false);
  });

  it('reverses the first 100 bytes into a blob URL, once per URL', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:decoded');
    const fetcher = vi.fn(() => bytesReply(guardBytes(PNG)));
    expect(await resolveGuarded('/uploads/1.png', fetcher as unknown as typeof fetch)).toBe('blob:decoded');
    expect(await resolveGuarded('/uploads/1.png', fetcher as unknown as typeof fetch)).toBe('blob:decoded');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(peekGuarded('/uploads/1.png')).toBe('blob:decoded');
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PNG);
    created.mockRestore();
  });

  it('falls back to the original URL when the bytes are not an image or the fetch fails', async () => {
    const notImage = vi.fn(() => bytesReply(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')));
    expect(await resolveGuarded('/uploads/plain.svg', notImage as unknown as typeof fetch)).toBe('/uploads/plain.svg');
    const missing = vi.fn(() => bytesReply(new Uint8Array(), 404));
    expect(await resolveGuarded('/uploads/gone.png', missing as unknown as typeof fetch)).toBe('/uploads/gone.png');
    const broken = vi.fn(() => Promise.reject(new TypeError('offline')));
    expect(await resolveGuarded('/uploads/x.png', broken as unknown as typeof fetch)).toBe('/uploads/x.png');
    expect(await resolveGuarded('/static/a.svg')).toBe('/static/a.svg');
  });
});

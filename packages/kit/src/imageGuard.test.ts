import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IMAGE_GUARD_KEY, guardBytes, looksLikeImage, unguardBytes } from './imageGuard.js';
import { utf8Encode } from './encoding.js';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const asciiBytes = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

function fakeFile(header: number[], total = 300): Uint8Array {
  const out = new Uint8Array(total);
  out.set(header);
  for (let i = header.length; i < total; i++) out[i] = (i * 31) & 0xff;
  return out;
}

describe('guardBytes / unguardBytes', () => {
  it('XORs exactly the first 100 bytes with the repeated key', () => {
    const input = fakeFile(PNG_HEADER, 250);
    const out = guardBytes(input);
    const key = utf8Encode(IMAGE_GUARD_KEY);
    for (let i = 0; i < 100; i++) expect(out[i]).toBe(input[i]! ^ key[i % key.length]!);
    expect(out.slice(100)).toEqual(input.slice(100));
  });

  it('does not modify its input', () => {
    const input = fakeFile(PNG_HEADER);
    const copy = input.slice();
    guardBytes(input);
    expect(input).toEqual(copy);
  });

  it('round-trips any bytes, including inputs shorter than 100', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.string({ minLength: 1, maxLength: 40 }), (bytes, key) => {
        const guarded = guardBytes(bytes, key);
        expect(guarded.length).toBe(bytes.length);
        expect(unguardBytes(guarded, key)).toEqual(bytes);
      }),
    );
  });

  it('handles short and empty inputs', () => {
    expect(guardBytes(new Uint8Array(0))).toEqual(new Uint8Array(0));
    const three = Uint8Array.of(1, 2, 3);
    const key = utf8Encode(IMAGE_GUARD_KEY);
    expect(guardBytes(three)).toEqual(Uint8Array.of(1 ^ key[0]!, 2 ^ key[1]!, 3 ^ key[2]!));
    expect(unguardBytes(guardBytes(three))).toEqual(three);
  });

  it('uses a custom key when given one', () => {
    const input = Uint8Array.of(0, 0, 0, 0, 0);
    expect(guardBytes(input, 'ab')).toEqual(Uint8Array.of(0x61, 0x62, 0x61, 0x62, 0x61));
  });

  it('rejects an empty key', () => {
    expect(() => guardBytes(Uint8Array.of(1), '')).toThrow(/must not be empty/);
  });

  it('a guarded PNG no longer looks like an image; unguarded it does again', () => {
    const png = fakeFile(PNG_HEADER);
    expect(looksLikeImage(png)).toBe('image/png');
    const guarded = guardBytes(png);
    expect(looksLikeImage(guarded)).toBeNull();
    expect(looksLikeImage(unguardBytes(guarded))).toBe('image/png');
  });

  it('unguarding with the wrong key does not restore the image', () => {
    const guarded = guardBytes(fakeFile(PNG_HEADER));
    expect(looksLikeImage(unguardBytes(guarded, 'another key'))).toBeNull();
  });
});

describe('looksLikeImage', () => {
  it.each([
    ['image/jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...asciiBytes('JFIF')]],
    ['image/png', PNG_HEADER],
    ['image/gif', asciiBytes('GIF89a')],
    ['image/gif', asciiBytes('GIF87a')],
    ['image/webp', [...asciiBytes('RIFF'), 0x24, 0, 0, 0, ...asciiBytes('WEBPVP8 ')]],
  ] as const)('recognises %s', (mime, header) => {
    expect(looksLikeImage(fakeFile([...header]))).toBe(mime);
  });

  it.each([
    ['empty', []],
    ['too short for PNG', PNG_HEADER.slice(0, 7)],
    ['PNG with a wrong byte', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00]],
    ['GIF88a', asciiBytes('GIF88a')],
    ['RIFF that is WAVE audio', [...asciiBytes('RIFF'), 0x24, 0, 0, 0, ...asciiBytes('WAVE')]],
    ['RIFF cut before the form type', asciiBytes('RIFF....WEB')],
    ['two JPEG bytes only', [0xff, 0xd8]],
    ['text', asciiBytes('<html><body>')],
    ['PDF', asciiBytes('%PDF-1.7')],
  ])('returns null for %s', (_name, bytes) => {
    expect(looksLikeImage(Uint8Array.from(bytes))).toBeNull();
  });
});

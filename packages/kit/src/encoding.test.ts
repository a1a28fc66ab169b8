import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base64ToBytes, bytesToBase64, utf8DecodeStrict, utf8Encode } from './encoding.js';

const ascii = (s: string): Uint8Array => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe('base64', () => {
  // RFC 4648 §10 test vectors.
  const vectors: Array<[string, string]> = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ];
  it.each(vectors)('encodes %j as %j and back', (plain, b64) => {
    expect(bytesToBase64(ascii(plain))).toBe(b64);
    expect(base64ToBytes(b64)).toEqual(ascii(plain));
  });

  it('uses + and / for the high alphabet', () => {
    expect(bytesToBase64(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('+/+/');
    expect(base64ToBytes('+/+/')).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf));
  });

  it('accepts unpadded input', () => {
    expect(base64ToBytes('Zm9vYg')).toEqual(ascii('foob'));
    expect(base64ToBytes('Zm9vYmE')).toEqual(ascii('fooba'));
  });

  it.each(['Zm9v!', 'Zm 9v', 'Z', 'Zm9vY', 'Zg=', 'Zm9v====', '=Zg=', 'Zm9v-_'])('rejects %j', (bad) => {
    expect(() => base64ToBytes(bad)).toThrow(/Invalid Base64/);
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const b64 = bytesToBase64(bytes);
        expect(b64).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
        expect(b64.length % 4).toBe(0);
        expect(base64ToBytes(b64)).toEqual(bytes);
      }),
    );
  });
});

describe('utf8', () => {
  it('encodes and decodes Chinese and emoji', () => {
    const bytes = utf8Encode('直播🎉');
    expect(Array.from(bytes)).toEqual([0xe7, 0x9b, 0xb4, 0xe6, 0x92, 0xad, 0xf0, 0x9f, 0x8e, 0x89]);
    expect(utf8DecodeStrict(bytes)).toBe('直播🎉');
  });

  it('keeps a literal U+FFFD that was really in the text', () => {
    expect(utf8DecodeStrict(Uint8Array.of(0xef, 0xbf, 0xbd))).toBe('\uFFFD');
  });

  it.each([
    ['lone continuation byte', [0x80]],
    ['truncated sequence', [0xe7, 0x9b]],
    ['invalid lead byte', [0xff]],
    ['overlong encoding', [0xc0, 0xaf]],
    ['encoded surrogate', [0xed, 0xa0, 0x80]],
  ])('rejects %s', (_name, bytes) => {
    expect(() => utf8DecodeStrict(Uint8Array.from(bytes))).toThrow('Invalid UTF-8');
  });
});

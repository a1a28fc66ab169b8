import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY, decryptText, encryptText } from './cipher.js';
import { utf8Encode } from './encoding.js';

const K = DEFAULT_CIPHER_KEY;
const IV = DEFAULT_CIPHER_IV;

// Expected values computed independently with OpenSSL 3.0:
//   K=$(printf '%s' 'LiveApp#2026Key!' | xxd -p)    # 4c69766541707023323032364b657921
//   IV=$(printf '%s' 'LiveApp@2026Iv16' | xxd -p)   # 4c697665417070403230323649763136
//   printf '%s' "$PLAIN" | openssl enc -aes-128-cbc -K $K -iv $IV -base64 -A
const AES128_VECTORS: Array<[string, string]> = [
  ['', 'bwFk/RlRXZFuIKX50EtybA=='],
  ['hello', '7SDgNs2z7vmItBjaUMLaBA=='],
  ['{"code":200,"msg":"ok","data":null}', 'IugBojH28kYNTbYI3BzL/xPR7MxAlzCprHSLyL86EEkEmcWUdzGamX6u90iaeYYP'],
  ['直播间欢迎你🎉', 'DqYZNgKhja0CY1bvL+ktz6y3hR2djjzwV3ReHEaPCP0='],
  // exactly one block of plaintext → a whole extra block of padding
  ['0123456789abcdef', 'SbspMFdCKi5SMW7NUoaz/d8f2bSQUdBS+dWb17VNFXM='],
];

describe('default key and iv', () => {
  it('are 16 characters (AES-128, one block)', () => {
    expect(DEFAULT_CIPHER_KEY).toBe('LiveApp#2026Key!');
    expect(DEFAULT_CIPHER_IV).toBe('LiveApp@2026Iv16');
    expect(DEFAULT_CIPHER_KEY).toHaveLength(16);
    expect(DEFAULT_CIPHER_IV).toHaveLength(16);
  });
});

describe('encryptText / decryptText against openssl vectors', () => {
  it.each(AES128_VECTORS)('AES-128-CBC %j', (plain, b64) => {
    expect(encryptText(plain, K, IV)).toBe(b64);
    expect(decryptText(b64, K, IV)).toBe(plain);
  });

  it('AES-192-CBC with a 24-byte key', () => {
    // printf '%s' hello | openssl enc -aes-192-cbc -K $(printf '%s' 0123456789abcdefGHIJKLMN | xxd -p) -iv $IV -base64 -A
    const key = '0123456789abcdefGHIJKLMN';
    expect(encryptText('hello', key, IV)).toBe('a6KBS4MB+lJVorSEujfwKg==');
    expect(decryptText('a6KBS4MB+lJVorSEujfwKg==', key, IV)).toBe('hello');
  });

  it('AES-256-CBC with a 32-byte key', () => {
    // printf '%s' hello | openssl enc -aes-256-cbc -K $(printf '%s' 0123456789abcdefGHIJKLMNopqrstuv | xxd -p -c 64) -iv $IV -base64 -A
    const key = '0123456789abcdefGHIJKLMNopqrstuv';
    expect(encryptText('hello', key, IV)).toBe('cgPKRwxeY+OB6uS+PFEr7g==');
    expect(decryptText('cgPKRwxeY+OB6uS+PFEr7g==', key, IV)).toBe('hello');
  });

  it('decrypts a literal U+FFFD', () => {
    // printf '\xef\xbf\xbd' | openssl enc -aes-128-cbc -K $K -iv $IV -base64 -A
    expect(decryptText('rQs4sq2zCpOG/LwqpSolVQ==', K, IV)).toBe('\uFFFD');
  });
});

describe('key and iv checks', () => {
  it.each(['', 'short', '0123456789abcde', '0123456789abcdef0', '0123456789abcdef0123456789abcdef0'])('rejects a key of %j', (key) => {
    expect(() => encryptText('x', key, IV)).toThrow(/AES key must be 16, 24 or 32 UTF-8 bytes/);
    expect(() => decryptText('bwFk/RlRXZFuIKX50EtybA==', key, IV)).toThrow(/AES key must be/);
  });

  it('counts UTF-8 bytes, not characters', () => {
    // 6 Chinese characters = 18 bytes: not a valid AES key length
    expect(() => encryptText('x', '直播直播直播', IV)).toThrow(/got 18/);
    // 5 × 3 bytes + 1 = 16 bytes is a valid AES-128 key
    expect(decryptText(encryptText('ok', '直播直播直1', IV), '直播直播直1', IV)).toBe('ok');
  });

  it.each(['', '123456789012345', '12345678901234567'])('rejects an iv of %j', (iv) => {
    expect(() => encryptText('x', K, iv)).toThrow(/iv must be 16 UTF-8 bytes/);
  });
});

describe('decryptText on bad input', () => {
  it('throws on non-Base64 text', () => {
    expect(() => decryptText('not base64!', K, IV)).toThrow(/Invalid Base64/);
  });

  it('throws on empty input', () => {
    expect(() => decryptText('', K, IV)).toThrow(/multiple of 16/);
  });

  it('throws when the length is not whole blocks', () => {
    expect(() => decryptText('7SDgNs2z7vmItBjaUMLa', K, IV)).toThrow(/multiple of 16/);
  });

  it('throws on bad padding', () => {
    // printf 'AAAAAAAAAAAAAAA\x00' | openssl enc -aes-128-cbc -nopad -K $K -iv $IV -base64 -A
    expect(() => decryptText('pCKPFRKtiMETzJ3aXDlIRg==', K, IV)).toThrow(/Decryption failed/);
  });

  it('throws when the plaintext is not UTF-8', () => {
    // printf '\xff\xfe\xfd' | openssl enc -aes-128-cbc -K $K -iv $IV -base64 -A
    expect(() => decryptText('hRV8D4pMENPX+vzRpj4+VQ==', K, IV)).toThrow(/Invalid UTF-8/);
  });

  it('does not decrypt with the wrong key to the original text', () => {
    const wrong = 'LiveApp#2026Key?';
    let result: string | Error;
    try {
      result = decryptText(encryptText('secret message', K, IV), wrong, IV);
    } catch (e) {
      result = e as Error;
    }
    expect(result).not.toBe('secret message');
  });
});

describe('round trip (property)', () => {
  const keys = fc.constantFrom(K, '0123456789abcdefGHIJKLMN', '0123456789abcdefGHIJKLMNopqrstuv');
  const chinese = fc.string({
    unit: fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCharCode(c)),
    maxLength: 60,
  });

  it('decrypt(encrypt(x)) = x for any well-formed string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), chinese, fc.constant('')), keys, (plain, key) => {
        const b64 = encryptText(plain, key, IV);
        expect(b64).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
        expect(decryptText(b64, key, IV)).toBe(plain);
      }),
    );
    // A hundred pure-JS AES round trips: seconds on a loaded machine.
  }, 30_000);

  it('output is whole blocks: ciphertext bytes = (utf8 length rounded down to 16) + 16', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (plain) => {
        const utf8Len = utf8Encode(plain).length;
        const b64 = encryptText(plain, K, IV);
        const bytes = (b64.length / 4) * 3 - (b64.match(/=+$/)?.[0].length ?? 0);
        expect(bytes).toBe(Math.floor(utf8Len / 16) * 16 + 16);
      }),
    );
  });
});

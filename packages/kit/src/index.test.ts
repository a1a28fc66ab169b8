import { describe, expect, it } from 'vitest';
import * as kit from './index.js';

describe('index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'encryptText',
      'decryptText',
      'DEFAULT_CIPHER_KEY',
      'bytesToBase64',
      'guardBytes',
      'unguardBytes',
      'looksLikeImage',
      'formatCount',
      'formatMoney',
      'relativeTime',
      'chatDayLabel',
      'isIdCardCN',
      'isPassword',
      'compareVersion',
      'APP_VERSION',
    ]) {
      expect(kit, name).toHaveProperty(name);
    }
  });

  it('is usable end to end: a guarded, encrypted payload comes back intact', () => {
    const json = JSON.stringify({ code: 200, msg: '成功', data: { money: kit.formatMoney(123456) } });
    const wire = kit.encryptText(json, kit.DEFAULT_CIPHER_KEY, kit.DEFAULT_CIPHER_IV);
    expect(JSON.parse(kit.decryptText(wire, kit.DEFAULT_CIPHER_KEY, kit.DEFAULT_CIPHER_IV))).toEqual({
      code: 200,
      msg: '成功',
      data: { money: '12.35' },
    });
  });
});

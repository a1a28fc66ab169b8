import { describe, expect, it } from 'vitest';
import { api } from './routes.js';
import { fullPath, fullPath as fp } from './route.js';
import { isSessionErrorCode, ErrorCode, errorMessages } from './errors.js';

describe('route table', () => {
  it('has one route per method and path', () => {
    const seen = new Set<string>();
    for (const def of Object.values(api)) {
      const key = `${def.method} ${fp(def)}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('never takes a body on GET or DELETE', () => {
    for (const [name, def] of Object.entries(api)) {
      if (def.method === 'GET' || def.method === 'DELETE') expect(def.body, name).toBeUndefined();
    }
  });

  it('refuses unknown body fields, naming them', () => {
    const r = api.login.body!.safeParse({ account: 'a', password: 'b', admin: true });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('admin');
  });

  it('checks register fields by the seed validators', () => {
    const ok = api.register.body!.safeParse({ mobile: '13800138000', code: '123456', password: 'abc123' });
    expect(ok.success).toBe(true);
    const bad = api.register.body!.safeParse({ mobile: '12800138000', code: '12345', password: 'abcdef' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['mobile', 'code', 'password']));
  });

  it('maps relative and absolute paths', () => {
    expect(fullPath(api.commonConfig)).toBe('/api/client_live/common_config');
    expect(fullPath(api.adminSendNotice)).toBe('/api/admin/notice');
  });
});

describe('error codes', () => {
  it('treats -1 and 11000400–11000410 as session errors only', () => {
    expect(isSessionErrorCode(-1)).toBe(true);
    expect(isSessionErrorCode(11000400)).toBe(true);
    expect(isSessionErrorCode(11000410)).toBe(true);
    expect(isSessionErrorCode(11000411)).toBe(false);
    expect(isSessionErrorCode(ErrorCode.VALIDATION)).toBe(false);
  });
  it('has a message for every code', () => {
    for (const v of Object.values(ErrorCode)) expect(errorMessages[v], String(v)).toBeTruthy();
  });
});

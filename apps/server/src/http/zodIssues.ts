import type { z } from 'zod';
import type { FieldError } from './errors.js';

/**
 * Turns zod issues into field errors. Unknown keys are reported one per key, under the key's own
 * path, so `msg` names the offending field rather than the object holding it.
 */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix?: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const base = [prefix, ...issue.path.map(String)].filter((p): p is string => !!p && p.length > 0);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [...base, key].join('.'), message: '不支持的字段' });
      continue;
    }
    out.push({ path: base.join('.'), message: issue.message });
  }
  return out;
}

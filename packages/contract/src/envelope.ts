import { z } from 'zod';
import { INT4_MAX } from './text.js';

/** Every HTTP answer is this envelope (seed §8): code 200 is success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** Page request shared by every list call: 1-based page, size capped at 50. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Page answer shared by every list call. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    has_more: z.boolean(),
  });
export type Page<T> = { list: T[]; total: number; page: number; size: number; has_more: boolean };

/** ISO-8601 UTC timestamp string as stored; clients show it in China time. */
export const isoTime = z.string().describe('ISO-8601 UTC timestamp');

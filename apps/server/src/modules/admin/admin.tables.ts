import type { Generated, Selectable } from 'kysely';

/** Row types of the operator console's tables (migration 0008_admin; `user_bans` is moderation's), merged into the app's `Database`. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  action: string;
  target: string;
  /** JSON of the validated input, secrets removed. */
  detail: string;
  ip: string;
  created_at: string;
}
export interface SensitiveWordsTable {
  id: Generated<number>;
  word: string;
  created_at: string;
}
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: 'post' | 'comment' | 'video' | 'user';
  target_id: number;
  reason: string;
  status: 'open' | 'resolved' | 'dismissed';
  resolved_by: number | null;
  resolved_at: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    audit_log: AuditLogTable;
    sensitive_words: SensitiveWordsTable;
    reports: ReportsTable;
  }
}

export type AuditRow = Selectable<AuditLogTable>;
export type ReportRow = Selectable<ReportsTable>;

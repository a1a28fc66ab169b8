import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Row types of every table. Times are ISO-8601 UTC text; flags are 0/1 integers (SQLite has no boolean). */
export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  account: string;
  mobile: string | null;
  password_hash: string | null;
  nickname: string;
  avatar: string;
  signature: string;
  gender: number;
  birthday: string | null;
  level: number;
  vip_level: number;
  role: 'guest' | 'user' | 'operator';
  is_guest: number;
  device_id: string | null;
  invite_code: string;
  referrer_code: string | null;
  disabled_until: string | null;
  /** Highest notice id the user had when they last asked for the unread count (drives `isNew`). */
  notice_seen_id: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  device: string | null;
  ip: string | null;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export interface CaptchasTable {
  unique_code: string;
  answer: string | null;
  ip: string | null;
  expires_at: string;
  passed_at: string | null;
  used_at: string | null;
  created_at: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  scene: string;
  code_hash: string;
  ip: string | null;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** What the log SMS sink "sent"; read by the dev route and tests. */
export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  scene: string;
  code: string;
  created_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  ip: string | null;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface GiftsTable {
  id: Generated<number>;
  name: string;
  /** the name in other languages, JSON (db/names.ts) */
  names: Generated<string>;
  sort: number;
  icon: string;
  url: string;
  price: number;
  created_at: string;
}

export interface BulletinsTable {
  id: Generated<number>;
  title: string;
  content: string;
  pinned: number;
  created_at: string;
}

export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  type: 'system' | 'activity' | 'account';
  title: string;
  /** the template it was written from ('' for an operator's own words), rendered by clients */
  kind: Generated<string>;
  params: Generated<string>;
  content: string;
  read_at: string | null;
  created_at: string;
}

/** A notice written outside the server, waiting to be pushed to the hall (decision 0180). */
export interface NoticePushesTable {
  notice_id: number;
  created_at: string;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  purpose: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  created_at: string;
}

export interface AdClicksTable {
  id: Generated<number>;
  ad_id: number;
  source: string;
  user_id: number | null;
  ip: string | null;
  created_at: string;
}

/** Who runs a background duty, until when (db/leaderLease.ts). */
export interface LeaderLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface Database {
  leader_leases: LeaderLeasesTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  login_failures: LoginFailuresTable;
  settings: SettingsTable;
  gifts: GiftsTable;
  bulletins: BulletinsTable;
  notices: NoticesTable;
  notice_pushes: NoticePushesTable;
  uploads: UploadsTable;
  ad_clicks: AdClicksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type BulletinRow = Selectable<BulletinsTable>;
export type GiftRow = Selectable<GiftsTable>;
export type UploadRow = Selectable<UploadsTable>;

import type { Generated, Selectable } from 'kysely';

/**
 * Row types of the messages-and-friends tables (migration 0005_social), merged into the app's
 * `Database` interface. Times are ISO-8601 UTC text; flags are 0/1 integers.
 */
export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  low_id: number;
  high_id: number;
  client_id: string;
  type: 'text' | 'emoji' | 'image' | 'call';
  content: string;
  reply_to_id: number | null;
  reply_sender_id: number | null;
  reply_type: 'text' | 'emoji' | 'image' | 'call' | null;
  reply_preview: string | null;
  created_at: string;
}

/** One user's side of a conversation with `peer_id`. */
export interface ChatMembersTable {
  user_id: number;
  peer_id: number;
  last_message_id: Generated<number>;
  /** Messages from the peer after `read_id`; kept in step by send and read. */
  unread: Generated<number>;
  read_id: Generated<number>;
  /** Messages up to this id are cleared for this user only. */
  cleared_id: Generated<number>;
  /** Removed from the list; the next message brings it back. */
  hidden: Generated<number>;
  muted: Generated<number>;
  pinned: Generated<number>;
  /** This user refuses the peer's messages. */
  blocked: Generated<number>;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface UsersTable {
    /** Users this one follows; moved only by the follow transaction. */
    follow_count: Generated<number>;
    fans_count: Generated<number>;
  }
  interface Database {
    follows: FollowsTable;
    chat_messages: ChatMessagesTable;
    chat_members: ChatMembersTable;
  }
}

export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ChatMemberRow = Selectable<ChatMembersTable>;

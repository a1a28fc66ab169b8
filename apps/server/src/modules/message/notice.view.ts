import type { Notice } from '@app/contract';
import type { NoticeRow } from '../../db/schema.js';

export const toNotice = (n: NoticeRow): Notice => ({
  id: n.id,
  type: n.type,
  title: n.title,
  content: n.content,
  is_read: n.read_at !== null,
  created_at: n.created_at,
});

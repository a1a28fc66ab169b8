import { noticeKind, type Notice, type NoticeKind } from '@app/contract';
import { parseNames } from '../../db/names.js';
import type { NoticeRow } from '../../db/schema.js';

export const toNotice = (n: NoticeRow): Notice => ({
  id: n.id,
  type: n.type,
  kind: (noticeKind.safeParse(n.kind).data ?? '') as NoticeKind,
  params: parseNames(n.params),
  title: n.title,
  content: n.content,
  is_read: n.read_at !== null,
  created_at: n.created_at,
});

import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@app/contract';
import type { PendingMessage } from '../../../state/queries/chatOutbox';
import { chatItems } from './chatItems';

const msg = (id: number, sender: number, client = `c${id}`): ChatMessage => ({
  id,
  client_id: client,
  sender_id: sender,
  receiver_id: sender === 1 ? 2 : 1,
  type: 'text',
  content: `m${id}`,
  reply: null,
  created_at: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});
const pending = (client: string, status: PendingMessage['status'] = 'sending'): PendingMessage => ({
  client_id: client,
  peer_id: 2,
  type: 'text',
  content: client,
  reply: null,
  status,
  created_at: new Date().toISOString(),
});

describe('chatItems', () => {
  it('orders stored messages by id, drops duplicates, and marks mine read up to the peer pointer', () => {
    const items = chatItems([msg(3, 1), msg(1, 2), msg(2, 1), msg(3, 1)], [], 1, 2);
    expect(items.map((i) => [i.id, i.mine, i.status])).toEqual([
      [1, false, 'sent'],
      [2, true, 'read'],
      [3, true, 'sent'],
    ]);
  });

  it('puts pending messages last and hides one whose stored copy already arrived', () => {
    const items = chatItems([msg(5, 1, 'same')], [pending('same'), pending('late', 'failed')], 1, 0);
    expect(items.map((i) => [i.key, i.status])).toEqual([
      ['m5', 'sent'],
      ['plate', 'failed'],
    ]);
  });
});

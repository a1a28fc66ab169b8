import type { ChatMessage, PushPayload, UserBrief } from '@app/contract';
import { formatDateCN } from '@app/kit';
import { catalogs, type Lang } from '@app/locale';

/** Characters of a private message shown in its notification. */
const BODY_MAX = 120;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** What a push says, in each language it is written in (the subscription's). */
export type PushText = (lang: Lang) => Omit<PushPayload, 'at'>;

/** A followed anchor went live: the in-app alert's words; a tap opens the room; one per anchor. */
export const goLivePush =
  (anchor: UserBrief, roomId: number, title: string): PushText =>
  (lang) => ({
    kind: 'live',
    title: fill(catalogs[lang].liveAlert.body, { name: anchor.nickname }),
    body: title,
    path: `/pages/room/index?id=${roomId}`,
    tag: `live-${anchor.id}`,
  });

/** A live preview is about to start: the anchor's name and the time, the preview's title; a tap opens 关注. */
export const previewPush =
  (anchor: UserBrief, previewId: number, title: string, startsAt: string): PushText =>
  (lang) => ({
    kind: 'live',
    title: fill(catalogs[lang].preview.pushTitle, { name: anchor.nickname, time: formatDateCN(startsAt, 'HH:mm') }),
    body: title,
    path: '/pages/live/index?c=follow',
    tag: `preview-${previewId}`,
  });

/** A private message: the sender's name and the message (or what it is); a tap opens the conversation. */
export const chatPush =
  (sender: UserBrief, msg: Pick<ChatMessage, 'type' | 'content'>): PushText =>
  (lang) => {
    const preview = catalogs[lang].chats.preview;
    const body =
      msg.type === 'text'
        ? [...msg.content].slice(0, BODY_MAX).join('')
        : msg.type === 'image'
          ? preview.image
          : msg.type === 'call'
            ? preview.call
            : msg.content;
    return { kind: 'chat', title: sender.nickname, body, path: `/pages/chats/chat?uid=${sender.id}`, tag: `chat-${sender.id}` };
  };

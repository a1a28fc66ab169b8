import type { Notice, NoticeKind } from '@app/contract';
import { formatDateCN } from '@app/kit';

/**
 * A live preview's reminder in a member's messages: kind `live_preview` with the anchor's name, the
 * preview's title and its time, which clients render in the reader's language; the Chinese text is
 * kept for the console.
 */
export function previewNotice(
  anchorName: string,
  title: string,
  startsAt: string,
): { notice: Pick<Notice, 'type' | 'title' | 'content'>; template: { kind: NoticeKind; params: Record<string, string> } } {
  return {
    notice: { type: 'activity', title: '直播预告', content: `你预约的「${anchorName}」的直播${formatDateCN(startsAt, 'HH:mm')}开始：${title}` },
    template: { kind: 'live_preview', params: { name: anchorName, title, at: startsAt } },
  };
}

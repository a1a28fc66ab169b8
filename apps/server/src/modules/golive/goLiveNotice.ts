import type { Notice, NoticeKind } from '@app/contract';

/**
 * The go-live notice in a follower's messages: kind `go_live` with the anchor's name and the room's
 * title, which clients render in the reader's language; the Chinese text is kept for the console.
 */
export function goLiveNotice(
  anchorName: string,
  roomTitle: string,
): { notice: Pick<Notice, 'type' | 'title' | 'content'>; template: { kind: NoticeKind; params: Record<string, string> } } {
  return {
    notice: { type: 'activity', title: '开播提醒', content: `你关注的主播「${anchorName}」开播了：${roomTitle}` },
    template: { kind: 'go_live', params: { name: anchorName, title: roomTitle } },
  };
}

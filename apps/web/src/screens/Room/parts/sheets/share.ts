import type { RoomInfo } from '@app/contract';
import { t } from '../../../../locale/i18n';
import { showToast } from '../../../../lib/toast';
import { roomPath } from '../../../../lib/paths';
import { copyText } from '../../../../lib/copyText';

/** Shares the room: the system share sheet where there is one, else the link copied. */
export async function shareRoom(room: RoomInfo): Promise<void> {
  const url = `${window.location.origin}/#${roomPath(room)}`;
  const text = t('room.shareText', { name: room.anchor.nickname, title: room.title });
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: room.title, text, url });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return; // the user closed the sheet
    }
  }
  showToast((await copyText(url)) ? t('room.linkCopied') : url);
}

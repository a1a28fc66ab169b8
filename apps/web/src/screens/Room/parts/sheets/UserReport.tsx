import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportSheet } from '../../../../components/ReportSheet';
import { goLogin } from '../../../../lib/nav';
import { useRoom } from '../shell/RoomContext';

/** "Report" on a person's card in the room: a reason, then the operators' queue (report/create, target user). */
export function UserReport({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { me } = useRoom();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="card-actions__quiet" data-testid="card-report" onClick={() => (me.guest ? goLogin() : setOpen(true))}>
        {t('board.reportUser')}
      </button>
      <ReportSheet target={open ? { type: 'user', id: userId } : null} onClose={() => setOpen(false)} />
    </>
  );
}

import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolRoom } from '@app/contract';
import { roomPath } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { useFormDialog } from '../parts/FormDialog';
import { when } from '../parts/format';
import { UserCell } from '../parts/UserCell';
import { PatrolHealth } from './PatrolHealth';
import { useCloseLive } from './useCloseLive';

/** The wall refreshes as often as the egress writes a picture (LIVE_THUMB_S, 12 s by default). */
const REFRESH_MS = 12_000;

/** The live patrol wall: every live room's latest picture and open reports; open it muted, warn its anchor, or end it with a reason. */
export function Patrol() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminPatrol', undefined, { refetchMs: REFRESH_MS });
  const warn = useAdminAction('adminPatrolWarn');
  const { ask, dialog } = useFormDialog();
  const closeLive = useCloseLive(() => void q.refetch());
  const [health, setHealth] = useState<number | null>(null);

  const onWarn = ({ room }: PatrolRoom) =>
    ask({
      title: t('admin.patrol.warnTitle', { title: room.title }),
      description: t('admin.patrol.warnDesc'),
      fields: [{ name: 'text', label: t('admin.patrol.warnText'), kind: 'textarea' }],
      confirm: t('admin.patrol.warn'),
      onSubmit: async (v) => {
        const r = await warn.mutateAsync({ room_id: room.id, text: v.text ?? '' });
        showToast(r.delivered ? t('admin.patrol.warned') : t('admin.patrol.warnedAway'), 'success');
      },
    });

  const list = q.data?.list ?? [];
  return (
    <section className="adm-card">
      {q.data && <div className="adm-muted">{t('admin.patrol.updated', { time: when(q.data.at) })}</div>}
      {q.data && list.length === 0 && <div className="adm-muted">{t('admin.patrol.empty')}</div>}
      <div className="adm-patrol" data-testid="patrol-wall">
        {list.map((p) => (
          <article key={p.room.id} className="adm-patrol__tile" data-testid="patrol-room" data-room={p.room.id}>
            <div className="adm-patrol__pic">
              {p.thumb ? <img src={p.thumb} alt={p.room.title} /> : <span className="adm-muted">{t('admin.patrol.noPicture')}</span>}
              {p.reports > 0 && <span className="adm-patrol__reports">{t('admin.patrol.reports', { n: p.reports })}</span>}
            </div>
            <div className="adm-user__name">{p.room.title}</div>
            <UserCell user={p.room.anchor} />
            {health === p.room.id && <PatrolHealth roomId={p.room.id} />}
            <div className="adm-actions">
              <a className="adm-link" href={`#${roomPath(p.room)}&muted=1`} target="_blank" rel="noreferrer">
                {t('admin.patrol.watch')}
              </a>
              <Button size="mini" data-testid="patrol-health-toggle" onClick={() => setHealth(health === p.room.id ? null : p.room.id)}>
                {t('admin.patrol.health')}
              </Button>
              <Button size="mini" onClick={() => onWarn(p)}>
                {t('admin.patrol.warn')}
              </Button>
              <Button size="mini" color="danger" fill="outline" onClick={() => ask(closeLive(p.room))}>
                {t('admin.patrol.end')}
              </Button>
            </div>
          </article>
        ))}
      </div>
      {dialog}
    </section>
  );
}

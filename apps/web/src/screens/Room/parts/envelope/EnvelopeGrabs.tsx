import type { EnvelopeGrab } from '@app/contract';
import { formatMoney } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';

/** Who grabbed what, largest first; the best share (手气最佳) marked once the envelope has ended. */
export function EnvelopeGrabs({ grabs, best }: { grabs: EnvelopeGrab[]; best: EnvelopeGrab | null }) {
  const { t } = useTranslation();
  if (grabs.length === 0) return <div className="envelope-grabs__empty">{t('envelope.noneYet')}</div>;
  return (
    <ul className="envelope-grabs" data-testid="envelope-grabs">
      {grabs.map((g) => (
        <li key={g.user.id} className="envelope-grabs__row">
          <UserAvatar src={g.user.avatar} size={32} />
          <span className="envelope-grabs__name">{g.user.nickname}</span>
          {best && best.user.id === g.user.id && <span className="envelope-grabs__best">{t('envelope.best')}</span>}
          <span className="envelope-grabs__amount">{t('envelope.amount', { n: formatMoney(g.amount, 0) })}</span>
        </li>
      ))}
    </ul>
  );
}

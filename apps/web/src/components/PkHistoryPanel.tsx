import { formatDateCN, MONEY_UNIT } from '@app/kit';
import { formatCount } from '../locale/count';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePkHistory } from '../state/queries/pk';
import { UserAvatar } from './UserAvatar';
import './pkHistory.css';

const coins = (units: number) => formatCount(Math.floor(units / MONEY_UNIT));

/** An anchor's PK record on their page: wins, losses and draws, and the last battles. */
export function PkHistoryPanel({ anchorId }: { anchorId: number }) {
  const { t } = useTranslation();
  const q = usePkHistory(anchorId);
  const h = q.data;
  if (!h) return q.isPending ? <Skeleton.Paragraph lineCount={2} animated /> : null;
  return (
    <section className="pk-history" data-testid="pk-history">
      <div className="pk-history__head">
        <span className="pk-history__title">{t('pk.history')}</span>
        <span className="pk-history__record" data-testid="pk-record">
          {t('pk.record', { w: h.wins, l: h.losses, d: h.draws })}
        </span>
      </div>
      {h.list.length === 0 ? (
        <div className="pk-history__empty">{t('pk.noHistory')}</div>
      ) : (
        <ul className="pk-history__list">
          {h.list.slice(0, 5).map((e) => (
            <li key={e.id} className="pk-history__item" data-result={e.result}>
              <span className={`pk-history__result pk-history__result--${e.result}`}>{t(`pk.${e.result}`)}</span>
              <UserAvatar src={e.opponent.avatar} size={24} />
              <span className="pk-history__who">{t('pk.vs', { name: e.opponent.nickname })}</span>
              <span className="pk-history__score">{t('pk.score', { a: coins(e.my_score), b: coins(e.their_score) })}</span>
              <span className="pk-history__when">{formatDateCN(e.ended_at, 'MM-DD HH:mm')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

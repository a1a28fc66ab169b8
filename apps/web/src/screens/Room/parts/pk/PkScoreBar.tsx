import type { PkSide } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { formatCount } from '../../../../locale/count';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';

const coins = (units: number) => formatCount(Math.floor(units / MONEY_UNIT));

function Top({ side, who }: { side: PkSide; who: 'mine' | 'theirs' }) {
  const { t } = useTranslation();
  const slots = [0, 1, 2].map((i) => side.top[i] ?? null);
  return (
    <ol className={`pk-top pk-top--${who}`} data-testid={`pk-top-${who}`}>
      {slots.map((c, i) => (
        <li
          key={c?.user.id ?? `empty-${i}`}
          className="pk-top__slot"
          data-user-id={c?.user.id ?? ''}
          title={c ? `${c.user.nickname} ${coins(c.amount)}` : t('pk.topEmpty')}
        >
          {c ? <UserAvatar src={c.user.avatar} size={22} /> : <span className="pk-top__empty" />}
          <span className="pk-top__rank">{i + 1}</span>
        </li>
      ))}
    </ol>
  );
}

/** Both sides' scores as one bar (this room's side on the left, red), and the top three senders of each. */
export function PkScoreBar({ mine, theirs }: { mine: PkSide; theirs: PkSide }) {
  const total = mine.score + theirs.score;
  // An even bar at 0 : 0; a side never shrinks below a sliver, so its number stays readable.
  const share = total === 0 ? 50 : Math.min(88, Math.max(12, (mine.score / total) * 100));
  return (
    <div className="pk-score">
      <div className="pk-score__bar">
        <div className="pk-score__mine" style={{ width: `${share}%` }} data-testid="pk-score-mine" data-score={mine.score}>
          {coins(mine.score)}
        </div>
        <div className="pk-score__theirs" data-testid="pk-score-theirs" data-score={theirs.score}>
          {coins(theirs.score)}
        </div>
      </div>
      <div className="pk-score__tops">
        <Top side={mine} who="mine" />
        <Top side={theirs} who="theirs" />
      </div>
    </div>
  );
}

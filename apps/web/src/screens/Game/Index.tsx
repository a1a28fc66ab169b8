import { Button } from 'antd-mobile';
import { SmileOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useGames, type RememberedGame } from '../../state/queries/games';
import { formatCoins } from '../../lib/money';
import './game.css';

function GameRow({ g, onPlay }: { g: RememberedGame; onPlay: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="game-row" data-testid="game-row" data-code={g.code} onClick={onPlay}>
      <img className="game-row__cover" src={g.cover} alt="" loading="lazy" />
      <div className="game-row__main">
        <div className="game-row__name">{t(`game.names.${g.code}`, { defaultValue: g.name })}</div>
        <div className="game-row__intro">{t(`game.intros.${g.code}`, { defaultValue: g.intro })}</div>
        <div className="game-row__meta">
          <span>
            <UserOutline /> {t('game.players', { n: g.players })}
          </span>
          <span className="game-chip">{t('game.entry', { n: formatCoins(g.entry) })}</span>
        </div>
      </div>
      <Button size="small" shape="rounded" className="brand-button game-row__play" onClick={(e) => (e.stopPropagation(), onPlay())}>
        {t('game.play')}
      </Button>
    </li>
  );
}

/** 游戏 (/pages/game/index, shown when game_is_open): the game list from game/fetch, remembered for an offline start. */
export default function Games() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const games = useGames();
  const top = games.list.reduce((m, g) => Math.max(m, g.reward_max), 0);
  return (
    <PageFrame title={t('page.game')} back={false} className="game-page">
      <section className="game-hero">
        <div className="game-hero__title">{t('game.heroTitle')}</div>
        <div className="game-hero__sub">{t('game.heroSub', { n: formatCoins(top) })}</div>
        <div className="game-hero__art" aria-hidden>
          🎮
        </div>
      </section>
      {games.offline && <div className="game-offline">{t('game.offline')}</div>}
      {games.isPending ? (
        <PageLoading />
      ) : games.isError ? (
        <LoadError onRetry={() => void games.refetch()} />
      ) : games.list.length === 0 ? (
        <EmptyState icon={<SmileOutline />} title={t('empty.game')} />
      ) : (
        <ul className="game-list" data-testid="game-list">
          {games.list.map((g) => (
            <GameRow key={g.code} g={g} onPlay={() => navigate(`${PATHS.gamePlay}?code=${g.code}`)} />
          ))}
        </ul>
      )}
      <p className="game-rules">{t('game.rulesNote')}</p>
    </PageFrame>
  );
}

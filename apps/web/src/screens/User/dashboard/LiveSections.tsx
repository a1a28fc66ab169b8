import { useMemo } from 'react';
import type { LiveStats } from '@app/contract';
import { formatMoney } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { TimeChart } from './TimeChart';

const secs = (iso: string) => Date.parse(iso) / 1000;
const whole = (v: number) => String(Math.round(v));
const coins = (v: number) => formatMoney(v, 0);
const kbps = (v: number) => `${Math.round(v / 1000)}k`;

/** Watch time as hours and minutes. */
function useWatchTime(s: number): string {
  const { t } = useTranslation();
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? t('creator.hoursMinutes', { h, m }) : t('creator.minutes', { m });
}

/** The live's headline figures in a grid. */
export function StatGrid({ s }: { s: LiveStats }) {
  const { t } = useTranslation();
  const watch = useWatchTime(s.viewers.watch_s);
  const cells: [string, string, string][] = [
    ['peak', t('creator.peak'), formatCount(s.viewers.peak)],
    ['average', t('creator.average'), formatCount(s.viewers.average)],
    ['watch', t('creator.watchTime'), watch],
    ['coins', t('creator.giftCoins'), formatMoney(s.gifts.coins)],
    ['earnings', t('creator.earnings'), formatMoney(s.gifts.earnings)],
    ['gifts', t('creator.giftCount'), `${s.gifts.count}`],
    ['followers', t('creator.newFollowers'), `+${s.new_followers}`],
    ['fans', t('creator.newFans'), `+${s.new_fans}`],
  ];
  return (
    <section className="dash-card dash-grid">
      {cells.map(([k, label, v]) => (
        <div key={k} className="dash-grid__cell" data-testid={`dash-stat-${k}`}>
          <b>{v}</b>
          <span>{label}</span>
        </div>
      ))}
    </section>
  );
}

/** Viewers over the live (the worker's samples). */
export function ViewersChart({ s }: { s: LiveStats }) {
  const { t } = useTranslation();
  const x = useMemo(() => s.viewers.list.map((p) => secs(p.at)), [s]);
  const series = useMemo(() => [{ label: t('creator.viewers'), values: s.viewers.list.map((p) => p.viewers), color: '#7b5cff' }], [s, t]);
  return (
    <section className="dash-card">
      <div className="dash-card__title">{t('creator.viewersOverTime')}</div>
      {x.length < 2 ? (
        <div className="dash-card__empty">{t('creator.noSamples')}</div>
      ) : (
        <TimeChart x={x} series={series} format={whole} testId="dash-viewers-chart" />
      )}
    </section>
  );
}

/** Gift coins per bucket of the live. */
export function GiftsChart({ s }: { s: LiveStats }) {
  const { t } = useTranslation();
  const x = useMemo(() => s.gifts.list.map((p) => secs(p.at)), [s]);
  const series = useMemo(() => [{ label: t('creator.giftCoins'), values: s.gifts.list.map((p) => p.coins), color: '#ff4f8b', bars: true }], [s, t]);
  return (
    <section className="dash-card">
      <div className="dash-card__head">
        <div className="dash-card__title">{t('creator.giftsOverTime')}</div>
        <span className="dash-card__note">{t('creator.senders', { n: s.gifts.senders })}</span>
      </div>
      {s.gifts.count === 0 ? (
        <div className="dash-card__empty">{t('creator.noGifts')}</div>
      ) : (
        <TimeChart x={x} series={series} format={coins} testId="dash-gifts-chart" />
      )}
    </section>
  );
}

/** The senders who spent most. */
export function TopGifters({ s }: { s: LiveStats }) {
  const { t } = useTranslation();
  if (s.top_gifters.length === 0) return null;
  return (
    <section className="dash-card">
      <div className="dash-card__title">{t('creator.topGifters')}</div>
      <ol className="dash-top" data-testid="dash-top">
        {s.top_gifters.map((g, i) => (
          <li key={g.user.id} className="dash-top__row">
            <span className={`dash-top__rank dash-top__rank--${i + 1}`}>{i + 1}</span>
            <UserAvatar src={g.user.avatar} size={32} />
            <span className="dash-top__name">{g.user.nickname}</span>
            <span className="dash-top__coins">
              {formatMoney(g.coins)}
              <small>{t('creator.timesSent', { n: g.count })}</small>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The live's PK battles and how each ended. */
export function PkResults({ s }: { s: LiveStats }) {
  const { t } = useTranslation();
  if (s.pk.length === 0) return null;
  return (
    <section className="dash-card">
      <div className="dash-card__title">{t('creator.pk')}</div>
      <ul className="dash-pk">
        {s.pk.map((b) => (
          <li key={b.id} className="dash-pk__row" data-testid="dash-pk">
            <span className={`dash-pk__result dash-pk__result--${b.result}`}>{t(`creator.pkResult.${b.result}`)}</span>
            <span className="dash-pk__vs">{t('creator.pkVs', { name: b.opponent.nickname })}</span>
            <span className="dash-pk__score">
              {coins(b.score)} : {coins(b.opponent_score)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The stream's health over the live: the summary and the bitrate. */
export function HealthSection({ s }: { s: LiveStats }) {
  const { t } = useTranslation();
  const h = s.health;
  const x = useMemo(() => h.list.map((p) => secs(p.at)), [h]);
  const series = useMemo(() => [{ label: t('creator.bitrate'), values: h.list.map((p) => p.bitrate), color: '#1fb59a' }], [h, t]);
  return (
    <section className="dash-card">
      <div className="dash-card__title">{t('creator.health')}</div>
      {h.samples === 0 ? (
        <div className="dash-card__empty">{t('creator.noHealth')}</div>
      ) : (
        <>
          <div className="dash-health">
            <span>
              <b>{h.bitrate_avg === null ? '--' : kbps(h.bitrate_avg)}</b>
              {t('creator.bitrateAvg')}
            </span>
            <span>
              <b>{h.fps_avg ?? '--'}</b>
              {t('creator.fpsAvg')}
            </span>
            <span>
              <b>{h.loss_max === null ? '--' : `${(h.loss_max * 100).toFixed(1)}%`}</b>
              {t('creator.lossMax')}
            </span>
          </div>
          {x.length >= 2 && <TimeChart x={x} series={series} format={kbps} height={120} testId="dash-health-chart" />}
        </>
      )}
    </section>
  );
}

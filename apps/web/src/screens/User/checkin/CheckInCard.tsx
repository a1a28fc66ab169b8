import { useRef, useState } from 'react';
import { ErrorCode } from '@app/contract';
import { formatDateCN } from '@app/kit';
import { Button, CenterPopup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/apiError';
import { showToast } from '../../../lib/toast';
import { useCheckIn, useDoCheckIn } from '../../../state/queries/checkin';
import { newRequestId } from '../../../state/queries/finance';
import { useUserInfo } from '../../../state/queries/user';
import { CoinIcon } from '../../../components/icons';
import { formatCoins } from '../../../lib/money';
import { dayState } from './dayState';
import './checkin.css';

/** Daily check-in on the user centre: this week's seven days with their rewards, the streak, the button. */
export function CheckInCard() {
  const { t } = useTranslation();
  const q = useCheckIn();
  const doIt = useDoCheckIn();
  const createdAt = useUserInfo().data?.created_at;
  const key = useRef(newRequestId());
  const [reward, setReward] = useState<number | null>(null);
  const s = q.data;
  if (!s) return null;
  const joined = createdAt ? formatDateCN(createdAt) : '';

  const onTap = () => {
    if (s.checked_today) {
      showToast(t('checkin.already'));
      return;
    }
    doIt.mutate(key.current, {
      onSuccess: (res) => {
        key.current = newRequestId();
        setReward(res.reward);
      },
      onError: (e) => {
        if (isApiError(e) && e.code === ErrorCode.ALREADY_CHECKED_IN) {
          showToast(t('checkin.already'));
          void q.refetch();
        } else showToast(isApiError(e) ? e.toastText : t('error.network'), 'fail');
      },
    });
  };

  return (
    <section className="card checkin-card" data-testid="checkin-card" data-checked={s.checked_today ? '1' : '0'}>
      <div className="checkin-card__head">
        <div>
          <div className="card-title checkin-card__title">{t('checkin.title')}</div>
          <div className="checkin-card__streak" data-testid="checkin-streak">
            {t('checkin.streak', { n: s.streak })}
          </div>
        </div>
        <Button
          shape="rounded"
          size="small"
          className={s.checked_today ? 'checkin-card__btn checkin-card__btn--done' : 'checkin-card__btn brand-button'}
          loading={doIt.isPending}
          onClick={onTap}
        >
          {s.checked_today ? t('checkin.done') : t('checkin.button')}
        </Button>
      </div>
      <ol className="checkin-week">
        {s.week.map((d) => {
          const today = d.date === s.today;
          const state = dayState(d, s.today, joined);
          const reward = state === 'beforeJoin' ? '—' : state === 'missed' && d.reward === 0 ? t('checkin.missed') : `+${formatCoins(d.reward)}`;
          return (
            <li
              key={d.date}
              data-state={state}
              className={`checkin-day ${d.checked ? 'checkin-day--on' : ''} ${today ? 'checkin-day--today' : ''} ${state === 'missed' || state === 'beforeJoin' ? 'checkin-day--missed' : ''}`}
            >
              <span className="checkin-day__coin">{d.checked ? <CheckOutline /> : <CoinIcon size={20} />}</span>
              <span className="checkin-day__reward">{reward}</span>
              <span className="checkin-day__label">{today ? t('checkin.today') : t(`checkin.weekday.${d.weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7}`)}</span>
            </li>
          );
        })}
      </ol>
      <CenterPopup visible={reward !== null} onMaskClick={() => setReward(null)} bodyClassName="checkin-pop">
        <div className="checkin-pop__burst" aria-hidden />
        <CoinIcon size={64} className="checkin-pop__coin" />
        <div className="checkin-pop__title">{t('checkin.success')}</div>
        <div className="checkin-pop__reward" data-testid="checkin-reward">
          +{formatCoins(reward ?? 0)} {t('currency.coin')}
        </div>
        <div className="checkin-pop__streak">{t('checkin.streak', { n: s.streak })}</div>
        <Button block shape="rounded" className="brand-button" onClick={() => setReward(null)}>
          {t('checkin.ok')}
        </Button>
      </CenterPopup>
    </section>
  );
}

import { useRef } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { ErrorCode, type VideoInfo } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { isApiError } from '../../../lib/apiError';
import { loginUrl } from '../../../lib/nav';
import { showToast } from '../../../lib/toast';
import { newRequestId } from '../../../state/queries/finance';
import { useBuyVideo } from '../../../state/queries/video';
import { useSession } from '../../../state/session';
import { formatCoins } from '../../../lib/money';

/**
 * The end of a paid video's preview: the price, buy with coins (one request_id per opening of the
 * gate, reused when the tap is retried), or watch the preview again. Not enough coins offers recharge.
 */
export function BuyGate({ v, onBought, onReplay }: { v: VideoInfo; onBought: () => void; onReplay: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useSession((s) => s.token !== '' && !s.isGuest);
  const buy = useBuyVideo();
  const requestId = useRef(newRequestId());

  const onBuy = () => {
    if (!member) {
      navigate(loginUrl());
      return;
    }
    buy.mutate(
      { request_id: requestId.current, video_id: v.id },
      {
        onSuccess: () => {
          showToast(t('video.bought'), 'success');
          onBought();
        },
        onError: (e) => {
          if (isApiError(e) && e.code === ErrorCode.BALANCE_NOT_ENOUGH) {
            requestId.current = newRequestId();
            void Dialog.confirm({
              title: t('gift.noBalance'),
              content: t('video.noBalanceDesc', { price: formatCoins(v.price) }),
              confirmText: t('gift.goRecharge'),
              cancelText: t('common.cancel'),
            }).then((ok) => ok && navigate(PATHS.recharge));
          } else if (isApiError(e)) showToast(e.toastText, 'fail');
        },
      },
    );
  };

  return (
    <div className="vd-gate" data-testid="buy-gate" onClick={(e) => e.stopPropagation()}>
      <div className="vd-gate__card">
        <span className="vd-gate__icon">
          <LockOutline />
        </span>
        <div className="vd-gate__title">{t('video.previewOver')}</div>
        <div className="vd-gate__desc">{t('video.unlockDesc', { price: formatCoins(v.price), s: v.preview_s })}</div>
        <Button block shape="rounded" color="primary" className="vd-gate__buy" loading={buy.isPending} onClick={onBuy} data-testid="buy-video">
          {member ? t('video.unlock', { price: formatCoins(v.price) }) : t('video.loginToUnlock')}
        </Button>
        <button type="button" className="vd-gate__again" onClick={onReplay}>
          {t('video.replayPreview')}
        </button>
      </div>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import type { VideoInfo } from '@app/contract';
import { formatCount } from '../../../locale/count';
import { AddOutline, CheckOutline, ExclamationShieldOutline, HeartFill, SendOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReportSheet } from '../../../components/ReportSheet';
import { UserAvatar } from '../../../components/UserAvatar';
import { loginUrl } from '../../../lib/nav';
import { showToast } from '../../../lib/toast';
import { useIsFollowing, useToggleFollow } from '../../../state/queries/social';
import { patchInfo, useLikeVideo } from '../../../state/queries/video';
import { useSession } from '../../../state/session';

/** The right-hand rail of the player: the uploader (follow), like, share. */
export function SideRail({ v }: { v: VideoInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useSession((s) => s.token !== '' && !s.isGuest);
  const following = useIsFollowing(v.user.id, v.followed);
  const qc = useQueryClient();
  const follow = useToggleFollow();
  const like = useLikeVideo();
  const [reporting, setReporting] = useState(false);
  const needLogin = () => {
    if (member) return false;
    navigate(loginUrl());
    return true;
  };

  const share = async () => {
    const url = `${location.origin}${location.pathname}#/pages/index/video?id=${v.id}`;
    try {
      if (navigator.share) await navigator.share({ title: v.title, url });
      else {
        await navigator.clipboard.writeText(url);
        showToast(t('video.linkCopied'), 'success');
      }
    } catch {
      /* the share sheet was closed */
    }
  };

  return (
    <div className="vd-rail" onClick={(e) => e.stopPropagation()}>
      <div className="vd-rail__avatar">
        <UserAvatar src={v.user.avatar} size={46} />
        {!v.is_owner && (
          <button
            type="button"
            className={`vd-rail__follow ${following ? 'is-on' : ''}`}
            data-testid="video-follow"
            aria-label={following ? t('follow.following') : t('follow.follow')}
            onClick={() =>
              !needLogin() && follow.mutate({ userId: v.user.id, follow: !following }, { onSuccess: (r) => patchInfo(qc, v.id, { followed: r.is_following }) })
            }
          >
            {following ? <CheckOutline /> : <AddOutline />}
          </button>
        )}
      </div>
      <button
        type="button"
        className={`vd-rail__btn ${v.liked ? 'is-liked' : ''}`}
        data-testid="video-like"
        aria-pressed={v.liked}
        onClick={() => !needLogin() && like.mutate({ video_id: v.id, like: !v.liked })}
      >
        <HeartFill />
        <span>{formatCount(v.likes)}</span>
      </button>
      <button type="button" className="vd-rail__btn" data-testid="video-share" onClick={() => void share()}>
        <SendOutline />
        <span>{t('video.share')}</span>
      </button>
      {!v.is_owner && (
        <button type="button" className="vd-rail__btn" data-testid="video-report" onClick={() => !needLogin() && setReporting(true)}>
          <ExclamationShieldOutline />
          <span>{t('report.action')}</span>
        </button>
      )}
      <ReportSheet target={reporting ? { type: 'video', id: v.id } : null} onClose={() => setReporting(false)} />
    </div>
  );
}

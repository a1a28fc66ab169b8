import { useTranslation } from 'react-i18next';
import {
  AddCircleOutline,
  BillOutline,
  CalendarOutline,
  CollectMoneyOutline,
  GiftOutline,
  HeartOutline,
  HistogramOutline,
  PayCircleOutline,
  PlayOutline,
  ReceiptOutline,
  SetOutline,
  TeamOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { PATHS } from '../../lib/paths';
import { LoadError } from '../../components/EmptyState';
import { PageLoading } from '../../components/PageLoading';
import { useUserInfo } from '../../state/queries/user';
import { useSession } from '../../state/session';
import { CheckInCard } from './checkin/CheckInCard';
import { EntryGrid, type Entry } from './parts/EntryGrid';
import { ServiceList } from './parts/ServiceList';
import { UserHeader } from './parts/UserHeader';
import { WalletCard } from './parts/WalletCard';
import './user.css';

/** 我的 (/pages/user/index), the VIP page: profile head, wallet, shortcuts to every user page, settings. */
export default function UserCentre() {
  const { t } = useTranslation();
  const q = useUserInfo();
  const isGuest = useSession((s) => s.isGuest);
  const user = q.data ?? null;

  const wallet: Entry[] = [
    { key: 'recharge', label: t('page.recharge'), icon: <PayCircleOutline />, tint: ['#ff8a5c', '#ff4f8b'], to: PATHS.recharge },
    { key: 'walletRecord', label: t('page.walletRecord'), icon: <BillOutline />, tint: ['#ffc24f', '#ff8a3d'], to: PATHS.walletRecord },
    { key: 'rechargeRecord', label: t('page.rechargeRecord'), icon: <ReceiptOutline />, tint: ['#5cc8ff', '#5c7bff'], to: PATHS.rechargeRecord },
    { key: 'exchangeRecord', label: t('page.exchangeRecord'), icon: <CollectMoneyOutline />, tint: ['#4fdc9a', '#1fb59a'], to: PATHS.exchangeRecord },
    { key: 'shouyi', label: t('page.shouyi'), icon: <GiftOutline />, tint: ['#ff6fb1', '#b452f0'], to: PATHS.shouyi },
  ];
  const live: Entry[] = [
    { key: 'create', label: t('page.create'), icon: <VideoOutline />, tint: ['#ff4f8b', '#ff7a59'], to: PATHS.create },
    { key: 'join', label: t('page.join'), icon: <AddCircleOutline />, tint: ['#8a5cff', '#5c7bff'], to: PATHS.join },
    { key: 'attention', label: t('page.attention'), icon: <HeartOutline />, tint: ['#ff5c8a', '#ff3b5c'], to: PATHS.attention },
    { key: 'fans', label: t('page.fans'), icon: <TeamOutline />, tint: ['#b452f0', '#7b5cff'], to: PATHS.fans },
    // Every member sees it: an anchor their figures, anyone else how to become one.
    { key: 'dashboard', label: t('creator.entry'), icon: <HistogramOutline />, tint: ['#ff7a59', '#b452f0'], to: PATHS.dashboard },
    ...(user?.is_anchor
      ? [
          { key: 'replays', label: t('replay.mine'), icon: <PlayOutline />, tint: ['#7b5cff', '#ff4f8b'] as [string, string], to: PATHS.replays },
          { key: 'previews', label: t('preview.entry'), icon: <CalendarOutline />, tint: ['#ff8a5c', '#b452f0'] as [string, string], to: PATHS.previews },
        ]
      : []),
    // Operators reach the console from here (its code loads only when they open it).
    ...(user?.role === 'operator'
      ? [{ key: 'admin', label: t('admin.title'), icon: <SetOutline />, tint: ['#1f1a2b', '#6b46e0'] as [string, string], to: PATHS.admin }]
      : []),
  ];

  return (
    <div className="page user-page">
      <div className="user-page__bg" />
      <div className="user-page__title">{t('user.title')}</div>
      {q.isPending && !user ? (
        <PageLoading />
      ) : q.isError && !user ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : (
        <>
          <UserHeader user={user} guest={isGuest} />
          {user && !isGuest && <WalletCard coin={user.coin} />}
          {user && !isGuest && <CheckInCard />}
          {!isGuest && <EntryGrid title={t('user.sectionWallet')} entries={wallet} />}
          {!isGuest && <EntryGrid title={t('user.sectionLive')} entries={live} />}
          <ServiceList messageCount={user?.message_count ?? 0} member={!isGuest && !!user} />
        </>
      )}
    </div>
  );
}

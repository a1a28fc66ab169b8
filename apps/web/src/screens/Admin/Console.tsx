import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import {
  BankcardOutline,
  CheckShieldOutline,
  EyeOutline,
  KeyOutline,
  FileWrongOutline,
  GiftOutline,
  HistogramOutline,
  LeftOutline,
  LinkOutline,
  MessageOutline,
  PayCircleOutline,
  SetOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OperatorRole, RouteName } from '@app/contract';
import { PageLoading } from '../../components/PageLoading';
import { PATHS } from '../../lib/paths';
import { UserAvatar } from '../../components/UserAvatar';
import { useAdminQuery } from '../../state/queries/admin';
import { useSession } from '../../state/session';
import { Anchors } from './sections/Anchors';
import { Audit } from './sections/Audit';
import { Catalog } from './sections/Catalog';
import { Community } from './sections/Community';
import { Config } from './sections/Config';
import { Content } from './sections/Content';
import { Dashboard } from './sections/Dashboard';
import { Operators } from './sections/Operators';
import { Patrol } from './sections/Patrol';
import { Recharges } from './sections/Recharges';
import { Reconcile } from './sections/Reconcile';
import { Rooms } from './sections/Rooms';
import { Users } from './sections/Users';
import { Webhooks } from './sections/Webhooks';
import { Withdrawals } from './sections/Withdrawals';
import { ConsoleRoleProvider, useMay } from './parts/consoleRole';
import './admin.css';

// The second factor's screens (and the QR library) load only when a session must pass it.
const SignIn = lazy(() => import('./SignIn'));

type SectionId =
  | 'dashboard'
  | 'anchors'
  | 'rooms'
  | 'patrol'
  | 'withdrawals'
  | 'recharges'
  | 'reconcile'
  | 'users'
  | 'content'
  | 'catalog'
  | 'community'
  | 'config'
  | 'webhooks'
  | 'operators'
  | 'audit';

/** Each section with the call it reads: a role sees the sections whose call it may make (consoleAccess). */
const SECTIONS: { id: SectionId; icon: ReactNode; Screen: ComponentType; reads: RouteName; badge?: 'anchors' | 'withdrawals' | 'reports' }[] = [
  { id: 'dashboard', icon: <HistogramOutline />, Screen: Dashboard, reads: 'adminDashboard' },
  { id: 'anchors', icon: <UserAddOutline />, Screen: Anchors, reads: 'adminAnchorApplications', badge: 'anchors' },
  { id: 'rooms', icon: <VideoOutline />, Screen: Rooms, reads: 'adminRooms' },
  { id: 'patrol', icon: <EyeOutline />, Screen: Patrol, reads: 'adminPatrol' },
  { id: 'withdrawals', icon: <PayCircleOutline />, Screen: Withdrawals, reads: 'adminWithdrawals', badge: 'withdrawals' },
  { id: 'recharges', icon: <BankcardOutline />, Screen: Recharges, reads: 'adminRecharges' },
  { id: 'reconcile', icon: <CheckShieldOutline />, Screen: Reconcile, reads: 'adminPayMismatches' },
  { id: 'users', icon: <TeamOutline />, Screen: Users, reads: 'adminUsers' },
  { id: 'content', icon: <FileWrongOutline />, Screen: Content, reads: 'adminReports', badge: 'reports' },
  { id: 'catalog', icon: <GiftOutline />, Screen: Catalog, reads: 'adminGifts' },
  { id: 'community', icon: <MessageOutline />, Screen: Community, reads: 'adminBanners' },
  { id: 'config', icon: <SetOutline />, Screen: Config, reads: 'adminNames' },
  { id: 'webhooks', icon: <LinkOutline />, Screen: Webhooks, reads: 'adminWebhooks' },
  { id: 'operators', icon: <KeyOutline />, Screen: Operators, reads: 'adminOperators' },
  { id: 'audit', icon: <UnorderedListOutline />, Screen: Audit, reads: 'adminAudit' },
];

export const adminPath = (section: SectionId) => `${PATHS.admin}/${section}`;

/** The operator console (/admin/:section): a desktop layout beside the phone app, in the same build; the second factor first. */
export default function Console() {
  const me = useAdminQuery('adminMe');
  // Only this route leaves the 428 px phone column.
  useEffect(() => {
    document.documentElement.classList.add('adm-wide');
    return () => document.documentElement.classList.remove('adm-wide');
  }, []);
  if (!me.data) return <PageLoading />;
  const { verified, required } = me.data.second_factor;
  if (required && !verified) {
    return (
      <Suspense fallback={<PageLoading />}>
        <SignIn me={me.data} />
      </Suspense>
    );
  }
  return (
    <ConsoleRoleProvider value={me.data.role}>
      <ConsoleFrame role={me.data.role} />
    </ConsoleRoleProvider>
  );
}

function ConsoleFrame({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const { section } = useParams();
  const me = useSession((s) => s.userInfo);
  const may = useMay();
  const sections = SECTIONS.filter((s) => may(s.reads));
  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  const pending = useAdminQuery('adminDashboard', undefined, { refetchMs: 30_000 }).data?.pending;

  useEffect(() => {
    document.title = `${t(`admin.nav.${current.id}`)} · ${t('admin.title')}`;
  }, [current.id, t]);

  return (
    <div className="adm" data-testid="admin-console">
      <aside className="adm-side">
        <div className="adm-brand">
          <span className="adm-brand__logo">★</span>
          <span>{t('admin.title')}</span>
        </div>
        <nav className="adm-nav">
          {sections.map((s) => {
            const count = s.badge && pending ? pending[s.badge] : 0;
            return (
              <Link key={s.id} to={adminPath(s.id)} className={`adm-nav__item${s.id === current.id ? ' is-active' : ''}`} data-testid={`admin-nav-${s.id}`}>
                <span className="adm-nav__icon">{s.icon}</span>
                <span className="adm-nav__label">{t(`admin.nav.${s.id}`)}</span>
                {count > 0 && <span className="adm-nav__badge">{count > 99 ? '99+' : count}</span>}
              </Link>
            );
          })}
        </nav>
        <Link to={PATHS.user} className="adm-back">
          <LeftOutline /> {t('admin.backToApp')}
        </Link>
      </aside>
      <main className="adm-main">
        <header className="adm-head">
          <h1>{t(`admin.nav.${current.id}`)}</h1>
          <div className="adm-me">
            <UserAvatar src={me?.avatar} size={28} />
            <span>{me?.nickname}</span>
            <span className="adm-tag adm-tag--violet" data-testid="admin-role">
              {t(`admin.opRole.${role}`)}
            </span>
          </div>
        </header>
        <div className="adm-body">
          <current.Screen key={current.id} />
        </div>
      </main>
    </div>
  );
}

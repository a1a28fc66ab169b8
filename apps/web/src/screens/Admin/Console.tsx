import { useEffect, type ComponentType, type ReactNode } from 'react';
import {
  BankcardOutline,
  CheckShieldOutline,
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
import { Recharges } from './sections/Recharges';
import { Reconcile } from './sections/Reconcile';
import { Rooms } from './sections/Rooms';
import { Users } from './sections/Users';
import { Webhooks } from './sections/Webhooks';
import { Withdrawals } from './sections/Withdrawals';
import './admin.css';

type SectionId =
  | 'dashboard'
  | 'anchors'
  | 'rooms'
  | 'withdrawals'
  | 'recharges'
  | 'reconcile'
  | 'users'
  | 'content'
  | 'catalog'
  | 'community'
  | 'config'
  | 'webhooks'
  | 'audit';

const SECTIONS: { id: SectionId; icon: ReactNode; Screen: ComponentType; badge?: 'anchors' | 'withdrawals' | 'reports' }[] = [
  { id: 'dashboard', icon: <HistogramOutline />, Screen: Dashboard },
  { id: 'anchors', icon: <UserAddOutline />, Screen: Anchors, badge: 'anchors' },
  { id: 'rooms', icon: <VideoOutline />, Screen: Rooms },
  { id: 'withdrawals', icon: <PayCircleOutline />, Screen: Withdrawals, badge: 'withdrawals' },
  { id: 'recharges', icon: <BankcardOutline />, Screen: Recharges },
  { id: 'reconcile', icon: <CheckShieldOutline />, Screen: Reconcile },
  { id: 'users', icon: <TeamOutline />, Screen: Users },
  { id: 'content', icon: <FileWrongOutline />, Screen: Content, badge: 'reports' },
  { id: 'catalog', icon: <GiftOutline />, Screen: Catalog },
  { id: 'community', icon: <MessageOutline />, Screen: Community },
  { id: 'config', icon: <SetOutline />, Screen: Config },
  { id: 'webhooks', icon: <LinkOutline />, Screen: Webhooks },
  { id: 'audit', icon: <UnorderedListOutline />, Screen: Audit },
];

export const adminPath = (section: SectionId) => `${PATHS.admin}/${section}`;

/** The operator console (/admin/:section): a desktop layout beside the phone app, in the same build. */
export default function Console() {
  const { t } = useTranslation();
  const { section } = useParams();
  const me = useSession((s) => s.userInfo);
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0]!;
  const pending = useAdminQuery('adminDashboard', undefined, { refetchMs: 30_000 }).data?.pending;

  // Only this route leaves the 428 px phone column.
  useEffect(() => {
    document.documentElement.classList.add('adm-wide');
    return () => document.documentElement.classList.remove('adm-wide');
  }, []);
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
          {SECTIONS.map((s) => {
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
            <span className="adm-tag adm-tag--violet">{t('admin.operator')}</span>
          </div>
        </header>
        <div className="adm-body">
          <current.Screen key={current.id} />
        </div>
      </main>
    </div>
  );
}

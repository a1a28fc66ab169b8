import Badge from 'antd-mobile/es/components/badge';
import TabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, MessageOutline, SmileOutline, TeamOutline, UserOutline, VideoOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useHall } from '../state/realtime/useHall';
import { useSession } from '../state/session';
import { visibleTabs, type TabKey } from '../lib/tabs';

const ICONS: Record<TabKey, ReactNode> = {
  home: <AppOutline />,
  live: <VideoOutline />,
  game: <SmileOutline />,
  forum: <TeamOutline />,
  chats: <MessageOutline />,
  user: <UserOutline />,
};

/** The custom tab bar of seed §2: unread badge on messages, red dot on the user tab. */
export function AppTabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const config = useSession((s) => s.systemConfig);
  const messageCount = useSession((s) => s.userInfo?.message_count ?? 0);
  const { unread } = useHall();

  const badgeText = (key: TabKey): string => {
    if (key === 'chats' && unread > 0) return unread > 99 ? '99+' : String(unread);
    if (key === 'user' && messageCount > 0) return 'dot';
    return '';
  };
  const badgeOf = (key: TabKey): ReactNode => {
    const text = badgeText(key);
    return text === 'dot' ? Badge.dot : text || undefined;
  };

  return (
    <nav className="app-tabbar" data-testid="tabbar">
      <TabBar safeArea activeKey={pathname} onChange={(path) => navigate(path, { replace: true })}>
        {visibleTabs(config).map((tab) => (
          <TabBar.Item
            key={tab.path}
            icon={ICONS[tab.key]}
            title={
              // data-badge mirrors the badge for tests: the count on messages, 'dot' on the user tab.
              <span data-testid={`tab-${tab.key}`} data-badge={badgeText(tab.key)}>
                {t(`tab.${tab.key}`)}
              </span>
            }
            badge={badgeOf(tab.key)}
          />
        ))}
      </TabBar>
    </nav>
  );
}

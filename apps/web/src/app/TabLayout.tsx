import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../state/session';
import { useUserInfo } from '../state/queries/user';
import { AppTabBar } from './AppTabBar';
import { redirectForHiddenTab } from '../lib/tabs';

/** The six tab pages: the page above, the tab bar below; a switched-off tab sends the user to live. */
export function TabLayout() {
  const { pathname } = useLocation();
  const config = useSession((s) => s.systemConfig);
  // Keeps userInfo (message_count → the red dot on the user tab) fresh while moving between tabs.
  useUserInfo();
  const redirect = redirectForHiddenTab(pathname, config);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <div className="tab-layout">
      <div className="tab-layout__page">
        <Outlet />
      </div>
      <AppTabBar />
    </div>
  );
}

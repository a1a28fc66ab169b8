import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { loginUrl, setNavigator } from '../lib/nav';
import { useSession } from '../state/session';
import { decideAccess } from './guard';
import { LiveAlertBanner } from './LiveAlertBanner';
import { OfflineBanner } from './OfflineBanner';

/** The top route: registers navigation for non-React code and applies the login guard to every page. */
export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);

  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
    return () => setNavigator(null);
  }, [navigate]);

  const wanted = location.pathname + location.search;
  if (decideAccess(location.pathname, token !== '', isGuest) === 'login') {
    return <Navigate to={loginUrl(wanted)} replace />;
  }
  return (
    <>
      <OfflineBanner />
      <LiveAlertBanner />
      <Outlet />
      {/* A new page opens at its top; going back returns to where the user was. */}
      <ScrollRestoration />
    </>
  );
}

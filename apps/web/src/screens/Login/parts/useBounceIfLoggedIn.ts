import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { startPath } from '../../../lib/tabs';
import { useSession } from '../../../state/session';

/**
 * A member who reaches login or register through history (back from the page they logged in to)
 * moves on past it instead of seeing the form again. Decided once at mount, so the login that
 * happens on this page does not trigger it.
 */
export function useBounceIfLoggedIn(): void {
  const navigate = useNavigate();
  const [loggedInAtMount] = useState(() => {
    const s = useSession.getState();
    return s.token !== '' && !s.isGuest;
  });
  useEffect(() => {
    if (!loggedInAtMount) return;
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(startPath(useSession.getState().systemConfig), { replace: true });
  }, [loggedInAtMount, navigate]);
}

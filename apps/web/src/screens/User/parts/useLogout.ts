import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { call } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { t } from '../../../locale/i18n';
import { queryClient } from '../../../state/queries/client';
import { getSession } from '../../../state/session';

/** Revokes the token (user/logout), then clears the session and cached data whatever the server said. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await call('logout', {}, { silent: true });
    } catch {
      /* an already-dead token is logged out all the same */
    }
    getSession().clearSession();
    queryClient.clear();
    showToast(t('user.loggedOut'));
    navigate(PATHS.login, { replace: true });
  }, [navigate]);
}

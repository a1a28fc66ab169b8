import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { call } from '../../../lib/api';
import { unsubscribePush } from '../../../lib/push';
import { showToast } from '../../../lib/toast';
import { t } from '../../../locale/i18n';
import { queryClient } from '../../../state/queries/client';
import { getSession } from '../../../state/session';

/**
 * Logs out: the session lets the token go first (so no screen still mounted fetches with a token
 * about to be revoked: no 401s), the cached data goes, this device's push subscription goes (the
 * next person on it must not see the member's messages), then the token is revoked (user/logout)
 * whatever the server says.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const token = getSession().token;
    getSession().clearSession();
    navigate(PATHS.login, { replace: true });
    queryClient.clear();
    showToast(t('user.loggedOut'));
    const endpoint = await unsubscribePush().catch(() => null);
    if (endpoint) await call('pushUnsubscribe', { endpoint }, { silent: true, token }).catch(() => undefined);
    try {
      await call('logout', {}, { silent: true, token });
    } catch {
      /* an already-dead token is logged out all the same */
    }
  }, [navigate]);
}

import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { startPath } from '../../../lib/tabs';
import { useSession } from '../../../state/session';

/** Where to go once logged in: the page the guard stopped (?redirect=), else the start tab. */
export function useAfterLogin(): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(() => {
    const wanted = params.get('redirect');
    const safe = wanted && wanted.startsWith('/') && !wanted.startsWith('//') && !wanted.startsWith('/pages/login/') ? wanted : null;
    navigate(safe ?? startPath(useSession.getState().systemConfig), { replace: true });
  }, [navigate, params]);
}

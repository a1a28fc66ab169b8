import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../state/session';
import { startPath } from '../lib/tabs';

/** Back when there is in-app history, otherwise to the start tab (a deep link has nothing to go back to). */
export function useGoBack(fallback?: string): () => void {
  const navigate = useNavigate();
  const config = useSession((s) => s.systemConfig);
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback ?? startPath(config), { replace: true });
  }, [navigate, fallback, config]);
}

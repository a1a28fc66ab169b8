import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, RouteInput, UserInfo } from '@app/contract';
import { call } from '../../lib/api';
import { getSession, useSession } from '../session';
import { STALE } from './client';
import { userKeys } from './keys';

export { userKeys };

/** The logged-in user; every fetch also refreshes the stored userInfo (tab red dot, user centre). */
export function useUserInfo() {
  const token = useSession((s) => s.token);
  const stored = useSession((s) => s.userInfo);
  return useQuery<UserInfo>({
    queryKey: userKeys.info(),
    queryFn: async () => {
      const user = await call('userInfo', undefined, { silent: true });
      if (getSession().token) getSession().setUserInfo(user);
      return user;
    },
    enabled: token !== '',
    placeholderData: stored ?? undefined,
    staleTime: STALE.SECONDS,
  });
}

/** PUT user/info; the answer replaces the stored user. */
export function useUpdateUserInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<Api['updateUserInfo']>) => call('updateUserInfo', body),
    onSuccess: (user) => {
      getSession().setUserInfo(user);
      qc.setQueryData(userKeys.info(), user);
    },
  });
}

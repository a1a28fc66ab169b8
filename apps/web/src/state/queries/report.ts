import { useMutation } from '@tanstack/react-query';
import type { Api, RouteInput } from '@app/contract';
import { call } from '../../lib/api';

/** report/create: a member reports a post, comment or video to the operators (once per item). */
export function useReport() {
  return useMutation({ mutationFn: (input: RouteInput<Api['reportCreate']>) => call('reportCreate', input) });
}

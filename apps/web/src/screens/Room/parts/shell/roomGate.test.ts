import { ErrorCode } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { RoomSnapshot } from '../../../../state/realtime/roomClient';
import { gateOf } from './RoomGate';

const refused = (code: number, msg: string) =>
  ({ status: 'refused', error: { code, msg }, state: { ended: null, kickedUntil: null } }) as unknown as RoomSnapshot;

describe('the room gate', () => {
  it('shows the missing page for a room that is not there, and words only as a title', () => {
    expect(gateOf(refused(ErrorCode.NOT_FOUND, '房间不存在'), false, false, false, false)).toEqual({ kind: 'missing' });
    expect(gateOf(refused(ErrorCode.FORBIDDEN, '你已被禁止进入'), false, false, false, false)).toEqual({ kind: 'refused', message: '你已被禁止进入' });
  });
});

import { isIdCardCN, isMobileCN, TEXTAREA_MAXLENGTH } from '@app/kit';

/** Message keys of the create-live and anchor-apply forms. */
export type CreateProblem =
  | 'create.titleRequired'
  | 'create.categoryRequired'
  | 'create.passwordInvalid'
  | 'create.realNameInvalid'
  | 'create.idCardInvalid'
  | 'create.mobileInvalid'
  | 'create.introRequired';

/** Same rule as the contract's real_name: 2–20 Chinese or Latin letters (with · and spaces). */
const REAL_NAME = /^[\u4e00-\u9fa5A-Za-z·\s]{2,20}$/;
/** Same rule as the contract's room password. */
export const ROOM_PASSWORD = /^[A-Za-z0-9]{6,16}$/;

export interface ApplyFields {
  real_name: string;
  id_card: string;
  mobile: string;
  introduction: string;
}

/** The anchor application: the §5 id card and mobile validators, before anything is sent. */
export function checkApply(v: ApplyFields): CreateProblem | null {
  if (!REAL_NAME.test(v.real_name.trim())) return 'create.realNameInvalid';
  if (!isIdCardCN(v.id_card.trim().toUpperCase())) return 'create.idCardInvalid';
  if (!isMobileCN(v.mobile.trim())) return 'create.mobileInvalid';
  const intro = v.introduction.trim();
  if (!intro || intro.length > TEXTAREA_MAXLENGTH) return 'create.introRequired';
  return null;
}

export interface CreateFields {
  title: string;
  category_id: number | null;
  locked: boolean;
  password: string;
}

export function checkCreate(v: CreateFields): CreateProblem | null {
  const title = v.title.trim();
  if (!title || title.length > 30) return 'create.titleRequired';
  if (!v.category_id) return 'create.categoryRequired';
  if (v.locked && !ROOM_PASSWORD.test(v.password)) return 'create.passwordInvalid';
  return null;
}

/** Mic seats allowed per kind: live rooms may have none, chat rooms need one (contract MAX_MIC_SEATS). */
export const SEAT_RANGE = { live: { min: 0, max: 8, initial: 3 }, chat: { min: 1, max: 8, initial: 8 } } as const;

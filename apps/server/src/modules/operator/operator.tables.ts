import type { Generated, Selectable } from 'kysely';
import type { OperatorRole } from '@app/contract';

/** Row types of migration 0033_operator_roles, merged into the app's `Database` interface. */
export interface OperatorsTable {
  user_id: number;
  role: OperatorRole;
  /** Base32 TOTP secret, set once an enrolment was confirmed with a code. */
  totp_secret: string | null;
  /** A secret handed out by an enrolment not yet confirmed. */
  totp_pending: string | null;
  totp_enabled_at: string | null;
  /** The time step of the last code accepted: a code (or an earlier one) is never accepted again. */
  totp_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the code: codes carry 80 random bits, so no slow hash is needed. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface OperatorSessionsTable {
  session_id: number;
  user_id: number;
  verified_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    operators: OperatorsTable;
    operator_recovery_codes: OperatorRecoveryCodesTable;
    operator_sessions: OperatorSessionsTable;
  }
}

export type OperatorRow = Selectable<OperatorsTable>;

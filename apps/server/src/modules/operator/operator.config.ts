/** Console sign-in settings (OPERATOR_*); every one has a working default. */
import { oneOf, section, text } from '../../config/setting.js';

export interface OperatorConfig {
  /**
   * `required`: every console session passes an authenticator code (an operator who has none enrols
   * first); `enrolled`: only operators who set one up are asked (a local run, tests); `auto`:
   * required under NODE_ENV=production, enrolled otherwise. Production refuses `enrolled`.
   */
  secondFactor: 'auto' | 'required' | 'enrolled';
  /** The name authenticator apps show beside the operator's account. */
  totpIssuer: string;
}

export const operatorSettings = section(
  {
    OPERATOR_2FA: oneOf(
      ['auto', 'required', 'enrolled'],
      'auto',
      'Second factor of the operator console: `required` (every session passes an authenticator code; an operator without one enrols first), `enrolled` (only operators who set one up; refused in production); `auto`: required under NODE_ENV=production, enrolled otherwise',
    ),
    OPERATOR_TOTP_ISSUER: text('LiveApp', 'LiveApp', "The name authenticator apps show beside an operator's console account", (v) =>
      v.includes(':') ? 'must not contain ":"' : undefined,
    ),
  },
  (v): OperatorConfig => ({ secondFactor: v.OPERATOR_2FA, totpIssuer: v.OPERATOR_TOTP_ISSUER }),
);

/** Whether a console session must pass the second factor even when its operator has none set up. */
export const secondFactorRequired = (c: OperatorConfig, nodeEnv: string): boolean =>
  c.secondFactor === 'required' || (c.secondFactor === 'auto' && nodeEnv === 'production');

/** Why a provider did not take a message: the number, a limit (quota, rate), or anything else. */
export type SmsRefusal = 'bad_number' | 'quota' | 'other';

/** A provider refused a message (or could not be reached); the user is told why in words they can act on. */
export class SmsRefused extends Error {
  constructor(
    readonly reason: SmsRefusal,
    readonly detail: string,
  ) {
    super(`sms refused (${reason}): ${detail}`);
  }
}

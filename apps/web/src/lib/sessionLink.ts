/**
 * What the API clients need of the session, handed down by the session store when it is created
 * (state/session/store.ts), so lib/ never imports state/. Until then (or in a unit test that
 * does not load the store) calls go out without a token.
 */
export interface SessionLink {
  /** The token to send ('' when none) and the referral code the user arrived with. */
  read(): { token: string; referer: string };
  /** A session error (seed §8): forget the token and user info. */
  lost(): void;
}

let link: SessionLink = { read: () => ({ token: '', referer: '' }), lost: () => undefined };

export function setSessionLink(next: SessionLink): void {
  link = next;
}

export const sessionLink = (): SessionLink => link;

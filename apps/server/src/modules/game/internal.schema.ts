import { z } from 'zod';
import { gameCode } from '@app/contract';

/**
 * The internal API between the games host and the main server (`/api/internal/games/*`, hidden
 * from the OpenAPI document, refused without the shared secret). Both processes import these.
 */
export const INTERNAL_BASE = '/api/internal/games';
export const SECRET_HEADER = 'x-games-secret';

/** Kinds of game-wallet movement mirrored on the main ledger. */
export const gameOpKind = z.enum(['in', 'out', 'entry', 'reward']);
export type GameOpKind = z.infer<typeof gameOpKind>;

export const internalLoginBody = z.strictObject({ token: z.string().min(1).max(200), game: gameCode });
export const gameRules = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  intro: z.string(),
  entry: z.number().int(),
  reward_max: z.number().int(),
  points_per_coin: z.number().int(),
  max_points_per_s: z.number().int(),
});
export type GameRules = z.infer<typeof gameRules>;

export const internalOpBody = z.strictObject({
  /** The games host's op id: the main ledger's idempotency key is `game:<id>`. */
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  user_id: z.number().int().positive(),
  kind: gameOpKind,
  amount: z.number().int().positive().max(1_000_000_000_000),
  game: z.string().max(16).default(''),
});
export type InternalOp = z.infer<typeof internalOpBody>;

export const internalBooksBody = z.strictObject({ user_ids: z.array(z.number().int().positive()).max(1000) });

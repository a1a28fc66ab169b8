import type { z } from 'zod';

/**
 * Who may call a route: anyone; any session (guest or member); members only; operators only. Two
 * more on the games side: `platform`, a member's platform token that the games host hands to the
 * main server with the call's input (so it is checked after the input); `secret`, the games host
 * and the main server calling each other with the shared GAMES_SECRET (internal, in no document).
 */
export type RouteAuth = 'public' | 'session' | 'member' | 'operator' | 'platform' | 'secret';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call of the API: the single source of truth for server validation, OpenAPI and the typed client. */
export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Relative to API_BASE unless it starts with '/'. */
  path: string;
  auth: RouteAuth;
  tag: string;
  summary: string;
  query?: Q;
  body?: B;
  /** multipart/form-data upload; the body schema then describes the non-file fields. */
  multipart?: boolean;
  /** Served only outside production (test helpers such as the SMS sink). */
  devOnly?: boolean;
  /**
   * HTTP statuses the call can answer beyond those its auth level, method and rate limit imply
   * (the server's `answerStatuses`): e.g. 401 from a public call that refuses a disabled account.
   */
  answers?: readonly (401 | 403 | 404)[];
  /** The `data` field of the success envelope. */
  data: D;
}

export const defineRoute = <Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, D extends z.ZodType = z.ZodType>(
  def: RouteDef<Q, B, D>,
): RouteDef<Q, B, D> => def;

/** Base path of the client API (seed §7). */
export const API_BASE = '/api/client_live';

/** Full URL path of a route. */
export const fullPath = (def: Pick<RouteDef, 'path'>): string => (def.path.startsWith('/') ? def.path : `${API_BASE}/${def.path}`);

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What the client sends: the query for GET/DELETE, the body otherwise. */
export type RouteInput<R> =
  R extends RouteDef<infer Q, infer B, z.ZodType> ? (Q extends z.ZodType ? Infer<Q> : unknown) & (B extends z.ZodType ? Infer<B> : unknown) : never;
/** What the server validated from the query. */
export type RouteQuery<R> = R extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType> ? Out<Q> : never;
/** What the server validated from the body. */
export type RouteBody<R> = R extends RouteDef<z.ZodType | undefined, infer B, z.ZodType> ? Out<B> : never;
/** The data of a success answer. */
export type RouteData<R> = R extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;

import type { z } from 'zod';
import { type Route, type RouteId, type Routes, routes } from './routes.js';

/**
 * One API call of SPEC §7: how it is sent (its `Route`: method, path with `:param` placeholders, body
 * encoding, auth, no-retry flag), its request parts and the schema of `response` inside the success
 * envelope.
 */
export interface CallDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends Route {
  /** Stable identifier, also the client method name. */
  id: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

/**
 * Declares a call, keeping its exact type: the literal id, method and path, and only the parts it has.
 * So `authApp.body` is the body schema (not `… | undefined`), and a part the call lacks gives `never`
 * in `CallParams`/`CallQuery`/`CallBody`.
 */
export function defineCall<const D extends CallDefinition>(call: D): D {
  return call;
}

/**
 * Call `id`'s id and its entry of the routes table, to spread into `defineCall` so that method, path,
 * body encoding, auth and the no-retry flag are written once, in `routes.ts`.
 */
export function route<const I extends RouteId>(id: I): { readonly id: I } & Routes[I] {
  return { id, ...routes[id] };
}

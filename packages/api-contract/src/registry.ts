import type { z } from 'zod';
import { authCalls } from './calls/auth.js';
import { billingCalls } from './calls/billing.js';
import { catalogueCalls } from './calls/catalogue.js';
import { deviceCalls } from './calls/devices.js';
import { playbackCalls } from './calls/playback.js';
import { searchCalls } from './calls/search.js';
import { tvCalls } from './calls/tv.js';
import { viewingCalls } from './calls/viewing.js';
import type { CallDefinition } from './define-call.js';
import type { RouteId } from './routes.js';

/** Every call of SPEC §7, by id. The api registers routes from it; the client derives its methods from it. */
export const calls = {
  ...authCalls,
  ...catalogueCalls,
  ...tvCalls,
  ...playbackCalls,
  ...billingCalls,
  ...searchCalls,
  ...deviceCalls,
  ...viewingCalls,
} as const satisfies Record<RouteId, CallDefinition>;

/** Every call as a plain `CallDefinition` list, for code that walks them all (route registration, docs). */
export const callList: readonly CallDefinition[] = Object.values(calls);

/** The registry's type. */
export type Calls = typeof calls;
/** A call id. */
export type CallId = keyof Calls;
type Part<C, K extends string> = C extends { [P in K]?: infer S }
  ? S extends z.ZodType
    ? z.input<S>
    : never
  : never;
/** What a caller passes as the body of call K. */
export type CallBody<K extends CallId> = Part<Calls[K], 'body'>;
/** What a caller passes as the path params of call K. */
export type CallParams<K extends CallId> = Part<Calls[K], 'params'>;
/** What a caller passes as the query of call K. */
export type CallQuery<K extends CallId> = Part<Calls[K], 'query'>;
/** The `response` of call K's success envelope. */
export type CallResponse<K extends CallId> = z.output<Calls[K]['response']>;

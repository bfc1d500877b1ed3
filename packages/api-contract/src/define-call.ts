import type { z } from 'zod';

/** HTTP methods used by the SPEC's calls. */
export type HttpMethod = 'GET' | 'POST';

/** How a call's body is encoded: JSON for all but refreshToken, which SPEC §7 sends as a form. */
export type BodyEncoding = 'json' | 'form';

/**
 * One API call of SPEC §7: its method, path (with `:param` placeholders), request parts and the
 * schema of `response` inside the success envelope.
 */
export interface CallDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable identifier, also the client method name. */
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  bodyEncoding?: BodyEncoding;
  response: R;
  /** Whether the call needs a session (access token). */
  auth: 'none' | 'session' | 'optional';
  /** SPEC: some calls are never retried (asyncAuthSMSVerify). */
  noRetry?: boolean;
}

/**
 * Declares a call, keeping its exact type: the literal id, method and path, and only the parts it has.
 * So `authApp.body` is the body schema (not `… | undefined`), and a part the call lacks gives `never`
 * in `CallParams`/`CallQuery`/`CallBody`.
 */
export function defineCall<const D extends CallDefinition>(call: D): D {
  return call;
}

import { z } from 'zod';
import { activeStream } from './calls/devices.js';

/** The SPEC §7 response envelope `{code, success, response}` around a payload schema. */
export function envelope<T extends z.ZodType>(response: T) {
  return z.object({
    code: z.number().int(),
    success: z.boolean(),
    response,
  });
}

/** Body of a failed call: a stable machine-readable `error` id and a human-readable `message`. */
export const errorBody = z.object({
  error: z.string().describe('Stable error id, e.g. `validation_error`'),
  message: z.string().describe('Human-readable explanation (Russian for user-facing errors)'),
  details: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Per-field problems of a rejected request'),
  retry_after: z.number().int().optional().describe('Seconds until the same request may succeed'),
  streams: z
    .array(activeStream)
    .optional()
    .describe(
      "`stream_limit`: the profile's full playbacks now, one of which stopStream may stop (Kadr extension, docs/decisions/057)",
    ),
});

/** Envelope of a failed call. */
export const errorEnvelope = envelope(errorBody);

/** A successful envelope with `response` of type T. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  response: T;
}

/** The error payload carried by a failed envelope. */
export type ErrorBody = z.infer<typeof errorBody>;

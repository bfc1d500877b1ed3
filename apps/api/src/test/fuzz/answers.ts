import { envelope, errorEnvelope } from '@kadr/api-contract';
import { z } from 'zod';
import { type ErrorId, errorTable } from '../../errors.ts';
import type { FuzzRequest } from './requests.ts';
import type { RouteCase } from './routes.ts';

/** An answer as the fuzzer reads it, whatever carried it (inject or HTTP). */
export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

/**
 * 5xx answers that are documented states of the service, not faults: a title whose media is still
 * being packaged, and the service's own hourly SMS budget (docs/decisions/021). Both carry retry_after.
 */
const SERVICE_STATES: ReadonlySet<ErrorId> = new Set(['media_not_ready', 'sms_budget_exhausted']);

/** Refusals that call a request malformed: a request the contract accepts must never get one. */
const MALFORMED: ReadonlySet<ErrorId> = new Set([
  'validation_error',
  'invalid_phone',
  'invalid_json',
  'bad_request',
  'unsupported_media_type',
  'payload_too_large',
  'bad_url',
  'uri_too_long',
  'headers_too_large',
]);

/** What an answer must never show: stack frames, source paths, driver and framework internals, SQL. */
const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:|node:|\/)[^\s)]*:\d+:\d+/],
  ['source path', /node_modules|\/apps\/api\/|\/packages\/[a-z-]+\/src|\.(?:ts|js|mjs):\d+/],
  [
    'exception name',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleQueryError|AggregateError)\b/,
  ],
  ['framework code', /\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}|\bE(?:CONNREFUSED|CONNRESET|ADDRINUSE|NOENT|ACCES)\b/],
  [
    'SQL',
    /\b(?:select\s[\s\S]{0,80}\sfrom|insert\s+into|delete\s+from|update\s+\w+\s+set)\b|violates|relation "|syntax error at/i,
  ],
  ['internals', /Cannot read propert|is not a function|is not defined|undefined is not|\[object Object\]/],
];

const yookassaError = z.object({
  type: z.literal('error'),
  id: z.string(),
  code: z.string(),
  description: z.string(),
});

const isJson = (answer: WireAnswer) =>
  String(answer.headers['content-type'] ?? '').startsWith('application/json');

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const issuesOf = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.')}: ${i.message}`)
    .join('; ');

/**
 * The problems of one answer (none: it holds every property): no 5xx beyond the documented states,
 * every refusal the error envelope of errors.ts (code and status as the table gives them), every
 * success of a call its contract's response, no internal detail in any of them, a valid request
 * never called malformed, a body the contract refuses never accepted.
 */
export function answerProblems(request: FuzzRequest, route: RouteCase, answer: WireAnswer): string[] {
  const problems: string[] = [];
  const { status } = answer;
  const body = parsed(answer.text);
  const head = request.method === 'HEAD';
  if (answer.headers['x-powered-by'] !== undefined) problems.push('x-powered-by header');
  const leakChecked = status >= 400 || route.kind === 'call';
  if (leakChecked) {
    for (const [name, pattern] of LEAKS) if (pattern.test(answer.text)) problems.push(`leaks a ${name}`);
  }
  if (head) {
    if (answer.text !== '') problems.push('HEAD answer has a body');
    // A documented state carries Retry-After; HEAD has no body to name it by.
    if (status >= 500 && !(status === 503 && answer.headers['retry-after'] !== undefined))
      problems.push(`HEAD answered ${status}`);
    return problems;
  }

  if (status >= 400) {
    const envelopeCheck = errorEnvelope.safeParse(body);
    if (route.kind === 'other' && route.spec.errors !== 'envelope' && !envelopeCheck.success) {
      if (status >= 500) problems.push(`${status} from the sandbox: ${answer.text.slice(0, 200)}`);
      if (route.spec.errors === 'yookassa') {
        const check = yookassaError.safeParse(body);
        if (!check.success) problems.push(`refusal is not YooKassa's error object: ${issuesOf(check.error)}`);
      }
      return problems;
    }
    if (!isJson(answer)) problems.push(`refusal is not JSON (${String(answer.headers['content-type'])})`);
    const check = envelopeCheck;
    if (!check.success) {
      problems.push(`refusal is not the error envelope: ${issuesOf(check.error)}`);
      return problems;
    }
    const { code, success, response } = check.data;
    const entry = errorTable[response.error as ErrorId];
    if (success) problems.push('refusal says success: true');
    if (!entry) problems.push(`unknown error id ${response.error}`);
    else if (entry.code !== code || entry.status !== status)
      problems.push(
        `${response.error}: code ${code} / HTTP ${status}, the table says ${entry.code} / ${entry.status}`,
      );
    if (
      status >= 500 &&
      !(SERVICE_STATES.has(response.error as ErrorId) && response.retry_after !== undefined)
    )
      problems.push(`${status} ${response.error}: ${response.message}`);
    if (request.valid && MALFORMED.has(response.error as ErrorId))
      problems.push(
        `a request the contract accepts was refused as ${response.error}: ${JSON.stringify(response.details ?? response.message)}`,
      );
    return problems;
  }

  if (request.bodyRefused) problems.push(`accepted (${status}) a body the contract refuses`);
  if (route.kind === 'call') {
    if (status !== 200) problems.push(`call answered ${status}`);
    const check = envelope(route.call.response).safeParse(body);
    if (!check.success)
      problems.push(`answer breaks ${route.call.id}'s response schema: ${issuesOf(check.error)}`);
    else if (check.data.code !== 200 || !check.data.success)
      problems.push('success envelope without code 200 / success');
  } else if (route.spec.success) {
    const check = route.spec.success.safeParse(body);
    if (!check.success) problems.push(`answer breaks the route's schema: ${issuesOf(check.error)}`);
  }
  return problems;
}

import type { z } from 'zod';
import { type CreatePaymentParams, type PaymentProvider, YooKassaError } from './provider';
import { apiError, type Payment, payment, type Receipt, receiptList } from './schemas';

/** YooKassa's production API. */
export const YOOKASSA_API_URL = 'https://api.yookassa.ru/v3';

/** The fetch the adapter calls: the global one, or the sandbox's in-process handler (tests, one process). */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** Settings of the YooKassa HTTP adapter. */
export interface YooKassaClientOptions {
  /** API root including `/v3`, no trailing slash: {@link YOOKASSA_API_URL} or the sandbox's. */
  baseUrl: string;
  shopId: string;
  secretKey: string;
  kind?: PaymentProvider['kind'];
  fetch?: Fetch;
  /** Give up on one call after this long (default 10 s); the caller retries with the same key. */
  timeoutMs?: number;
  /** Receipt page URL, when the provider serves one (the sandbox does; YooKassa does not). */
  receiptUrl?: (receipt: Receipt) => string | null;
}

/**
 * The YooKassa HTTP adapter: HTTP Basic `shopId:secretKey`, an `Idempotence-Key` on every POST, every
 * answer parsed with the schemas of ./schemas.ts, and every failure a {@link YooKassaError}
 * carrying YooKassa's error code.
 */
export class YooKassaClient implements PaymentProvider {
  readonly kind: PaymentProvider['kind'];
  private readonly authorization: string;
  private readonly fetch: Fetch;

  constructor(private readonly options: YooKassaClientOptions) {
    this.kind = options.kind ?? 'yookassa';
    this.authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async createPayment({ idempotenceKey, ...body }: CreatePaymentParams): Promise<Payment> {
    if (!idempotenceKey) throw new YooKassaError('invalid_request', 'An idempotence key is required');
    return this.call('POST', '/payments', payment, { body, idempotenceKey });
  }

  async getPayment(id: string): Promise<Payment> {
    return this.call('GET', `/payments/${encodeURIComponent(id)}`, payment);
  }

  async getReceipts(paymentId: string): Promise<Receipt[]> {
    const list = await this.call('GET', `/receipts?payment_id=${encodeURIComponent(paymentId)}`, receiptList);
    return list.items;
  }

  receiptUrl(receipt: Receipt): string | null {
    return this.options.receiptUrl?.(receipt) ?? null;
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    post?: { body: unknown; idempotenceKey: string },
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = { authorization: this.authorization, accept: 'application/json' };
    if (post) {
      headers['content-type'] = 'application/json';
      headers['idempotence-key'] = post.idempotenceKey;
    }
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers,
        body: post ? JSON.stringify(post.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
      throw timedOut
        ? new YooKassaError('timeout', `YooKassa did not answer ${method} ${path} in ${timeoutMs} ms`, {
            cause,
          })
        : new YooKassaError('network_error', `YooKassa could not be reached for ${method} ${path}`, {
            cause,
          });
    }
    const json = parseJson(text);
    // 202: YooKassa is still processing the request; the same call with the same key gets the result.
    if (response.status === 202) {
      const retryAfter = (json as { retry_after?: unknown } | undefined)?.retry_after;
      throw new YooKassaError('processing', `YooKassa is still processing ${method} ${path}`, {
        status: 202,
        retryAfterMs: typeof retryAfter === 'number' ? retryAfter : 1000,
      });
    }
    if (!response.ok) throw errorOf(response, json, `${method} ${path}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new YooKassaError(
        'invalid_response',
        `YooKassa's answer to ${method} ${path} has an unexpected shape`,
        {
          status: response.status,
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** YooKassa's error body as a YooKassaError; an answer without one still keeps its HTTP status. */
function errorOf(response: Response, json: unknown, call: string): YooKassaError {
  const status = response.status;
  const retryAfterSeconds = Number(response.headers.get('retry-after'));
  const retryAfterMs =
    Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : undefined;
  const body = apiError.safeParse(json);
  if (body.success) {
    return new YooKassaError(body.data.code, body.data.description ?? `${call} failed: ${body.data.code}`, {
      status,
      parameter: body.data.parameter,
      errorId: body.data.id,
      retryAfterMs,
    });
  }
  // 405 and 415 come without a body; a proxy's 502 page is not YooKassa's JSON either.
  const code = status >= 500 ? 'internal_server_error' : 'invalid_request';
  return new YooKassaError(code, `${call} failed with HTTP ${status}`, { status, retryAfterMs });
}

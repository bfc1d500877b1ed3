import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxSms } from '../../db/schema';
import { AppError } from '../../errors';

/** Sends one SMS. Throws AppError('provider_unavailable') when the message could not be handed over. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Sandbox: keeps messages in the `sandbox_sms` outbox, readable at GET /sandbox/sms. */
export class SandboxSmsOutbox implements SmsSender {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    await this.db.insert(sandboxSms).values({ phone, text, createdAt: this.clock.now() });
  }
}

/** Settings of the HTTP SMS gateway adapter. */
export interface HttpSmsGatewayOptions {
  url: string;
  token: string;
  /** Give up after this long (the viewer is waiting on sendAuth). */
  timeoutMs?: number;
}

/**
 * A real gateway over HTTP: POST JSON `{to, text}` with a bearer token. Any non-2xx answer, network
 * error or time-out becomes provider_unavailable (503), which clients may retry.
 */
export class HttpSmsGateway implements SmsSender {
  constructor(private readonly options: HttpSmsGatewayOptions) {}

  async send(phone: string, text: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.token}` },
        body: JSON.stringify({ to: phone, text }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (cause) {
      throw new AppError('provider_unavailable', { cause });
    }
    // Drain the body so the connection is reused; its content is not needed.
    await response.body?.cancel().catch(() => {});
    if (!response.ok) throw new AppError('provider_unavailable');
  }
}

import { BlockList, isIP } from 'node:net';
import { type PaymentProvider, YooKassaError } from './provider';
import { notification, type Payment, type PaymentEvent } from './schemas';

/**
 * The addresses YooKassa sends HTTP notifications from, as its "Входящие уведомления" page publishes
 * them (checked 2026-11-26). When YooKassa changes them, change this list.
 */
export const YOOKASSA_NOTIFICATION_RANGES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

const yookassa = new BlockList();
for (const range of YOOKASSA_NOTIFICATION_RANGES) {
  const [address = '', bits] = range.split('/');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (bits === undefined) yookassa.addAddress(address, family);
  else yookassa.addSubnet(address, Number(bits), family);
}

/**
 * Whether `ip` is one of YooKassa's notification addresses (IPv4, IPv6, or IPv4 mapped into IPv6 as
 * a dual-stack socket reports it: `::ffff:185.71.76.1`).
 */
export function isYooKassaAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const family = isIP(address);
  if (family === 0) return false;
  return yookassa.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Why a notification was not trusted. */
export type UntrustedReason = 'address' | 'body' | 'unknown_payment';

/** A notification refused by {@link trustedNotification}; answer it 4xx and do nothing. */
export class UntrustedNotification extends Error {
  override name = 'UntrustedNotification';

  constructor(readonly reason: UntrustedReason) {
    super(`Untrusted payment notification: ${reason}`);
  }
}

/**
 * The payment a notification is about, as the provider says it is now. The body itself is never
 * believed: it only names the payment, which is fetched again (GET /v3/payments/{id}); for real
 * YooKassa the sender must also be one of its published addresses. `clientIp` is Fastify's
 * `request.ip`, which reads X-Forwarded-For through exactly the TRUST_PROXY hops (http/trust-proxy.ts).
 *
 * Throws UntrustedNotification (refuse it: 403 for `address`, 400 for `body` and `unknown_payment`)
 * or a YooKassaError when the provider cannot answer (answer 5xx so the notification is sent again).
 * `event` is the notification's claim; act on `payment.status`, which may be newer.
 */
export async function trustedNotification(
  provider: PaymentProvider,
  clientIp: string,
  body: unknown,
): Promise<{ event: PaymentEvent; payment: Payment }> {
  if (provider.kind === 'yookassa' && !isYooKassaAddress(clientIp))
    throw new UntrustedNotification('address');
  const parsed = notification.safeParse(body);
  if (!parsed.success) throw new UntrustedNotification('body');
  try {
    return { event: parsed.data.event, payment: await provider.getPayment(parsed.data.object.id) };
  } catch (error) {
    if (error instanceof YooKassaError && error.code === 'not_found')
      throw new UntrustedNotification('unknown_payment');
    throw error;
  }
}

import { checkPayment, createPayment } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import { registerCall, requireSession } from '../../http/register-call';
import { trustedNotification, UntrustedNotification, YooKassaError } from '../../providers/payments';
import type { PaymentAdmission } from './payment-admission';
import type { PaymentFlow } from './payment-flow';
import type { PaymentSettlement } from './settlement';

/** Where the provider posts notifications (YooKassa's shop settings name this URL; the sandbox posts here). */
export const NOTIFICATIONS_PATH = '/v1/payments/yookassa/notifications';

/**
 * The payment calls (SPEC §7 createPayment, checkPayment; session required), each let in by the
 * admission (limits per profile and network, a fair turn among heavy writes), and the provider's
 * notification route. A notification is only a hint: the payment it names is fetched again
 * (trustedNotification) and settled from that.
 */
export const paymentRoutes: FastifyPluginAsync<{
  flow: PaymentFlow;
  settlement: PaymentSettlement;
  admission: PaymentAdmission;
}> = async (app, { flow, settlement, admission }) => {
  registerCall(app, createPayment, ({ body, session, request }) => {
    const caller = requireSession(session);
    return admission.run('create', { profileId: caller.profileId, ip: request.ip }, () =>
      flow.create(caller, { packageId: body.package_id, deviceUid: body.device_uid }),
    );
  });
  registerCall(app, checkPayment, ({ body, session, request }) => {
    const { profileId } = requireSession(session);
    return admission.run('check', { profileId, ip: request.ip }, () =>
      flow.check(profileId, body.payment_id),
    );
  });

  app.post(NOTIFICATIONS_PATH, { schema: { hide: true } }, async (request, reply) => {
    let payment: Awaited<ReturnType<typeof trustedNotification>>['payment'];
    try {
      ({ payment } = await trustedNotification(settlement.provider, request.ip, request.body));
    } catch (error) {
      if (error instanceof UntrustedNotification) {
        request.log.warn({ reason: error.reason }, 'payment notification refused');
        throw new AppError(error.reason === 'address' ? 'notification_untrusted' : 'notification_invalid');
      }
      // The provider could not be asked: 503, and YooKassa sends the notification again.
      if (error instanceof YooKassaError)
        throw new AppError('payment_provider_unavailable', { cause: error });
      throw error;
    }
    const row = await settlement.rowOf(payment);
    if (!row) {
      // A payment of the shop that is not ours (another system on the same shop): nothing to do, and
      // 200 so the provider stops sending it.
      request.log.warn({ providerPaymentId: payment.id }, 'notification for a payment we do not know');
    } else {
      await settlement.settle(row, payment);
    }
    return reply.code(200).send({ ok: true });
  });
};

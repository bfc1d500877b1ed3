import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core';
import { webRoutes } from './routes';

/** The built web app at /promo/web/ (its routes answer index.html), registered after every API route. */
export async function registerWeb(app: FastifyInstance, core: Core): Promise<void> {
  await app.register(webRoutes, {
    webDist: core.env.webDist,
    settings: { 'checkout-widget': core.env.checkoutWidgetUrl },
  });
}

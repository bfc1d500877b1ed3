import { getTvSchedule } from '@kadr/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { TvScheduleService } from './guide-service';

/** getTvSchedule: one day of a channel's programmes, by channel-type content (EK_id) or stream_id. */
export const tvRoutes: FastifyPluginAsync<{ schedule: TvScheduleService }> = async (app, { schedule }) => {
  registerCall(app, getTvSchedule, ({ body }) => schedule.day(body));
};

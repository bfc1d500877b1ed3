import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { noPush, type PushSender, SandboxPush } from './push';
import { HttpSmsGateway, SandboxSmsOutbox, type SmsSender } from './sms';

/** External services the api talks to, injected into buildApp (tests pass fakes). */
export interface Providers {
  sms: SmsSender;
  push: PushSender;
}

/** The providers the configuration asks for: a real SMS gateway when configured, else the sandbox. */
export function createProviders(env: Env, db: Db, clock: Clock): Providers {
  return {
    sms: env.smsGateway ? new HttpSmsGateway(env.smsGateway) : new SandboxSmsOutbox(db, clock),
    push: env.pushSignin ? new SandboxPush(db, clock) : noPush,
  };
}

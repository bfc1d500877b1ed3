import { anonymousAuth } from '@kadr/api-contract';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { errorHandler } from './error-handler';
import { type CallHandler, registerCall } from './register-call';
import { responseSerializerCompiler } from './response-serializer';
import { bodylessAwareValidator } from './validator';

const tokens = {
  access_token: 'a.b.c',
  refresh_token: 'r.s',
  profile_id: 7,
  expires_in: 900,
  token_type: 'Bearer',
} as const;

/** An app with the one contract call, answered by `handler`, configured as app.ts configures it. */
async function appWith(handler: CallHandler<typeof anonymousAuth>) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(bodylessAwareValidator);
  app.setSerializerCompiler(responseSerializerCompiler({ check: true }));
  app.setErrorHandler(errorHandler);
  registerCall(app, anonymousAuth, handler);
  await app.ready();
  return app;
}

describe('registerCall answers', () => {
  let app: Awaited<ReturnType<typeof appWith>> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('a value the handler returns at once, in the success envelope', async () => {
    app = await appWith(() => tokens);
    const answer = await app.inject({ method: 'GET', url: '/web/1/auth/web_ABCDEFGH12345678' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: 200, success: true, response: tokens });
  });

  it('a value the handler resolves later, in the same envelope', async () => {
    app = await appWith(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return tokens;
    });
    const answer = await app.inject({ method: 'GET', url: '/web/1/auth/web_ABCDEFGH12345678' });
    expect(answer.json()).toEqual({ code: 200, success: true, response: tokens });
  });

  it('a thenable that is not a Promise (a query builder returned as it is), awaited', async () => {
    const thenable = {
      // biome-ignore lint/suspicious/noThenProperty: the point of the case is an object with `then`
      then: (resolve: (value: typeof tokens) => void) => setTimeout(() => resolve(tokens), 5),
    };
    app = await appWith(() => thenable as unknown as Promise<typeof tokens>);
    const answer = await app.inject({ method: 'GET', url: '/web/1/auth/web_ABCDEFGH12345678' });
    expect(answer.json()).toEqual({ code: 200, success: true, response: tokens });
  });

  it('an AppError thrown at once or rejected later as the same error envelope', async () => {
    for (const handler of [
      () => {
        throw new AppError('session_invalid');
      },
      () => Promise.reject(new AppError('session_invalid')),
    ] satisfies CallHandler<typeof anonymousAuth>[]) {
      app = await appWith(handler);
      const answer = await app.inject({ method: 'GET', url: '/web/1/auth/web_ABCDEFGH12345678' });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 910, success: false });
      await app.close();
      app = undefined;
    }
  });

  it('a path parameter outside the contract as 400 before the handler runs', async () => {
    let calls = 0;
    app = await appWith(() => {
      calls += 1;
      return tokens;
    });
    const answer = await app.inject({ method: 'GET', url: '/web/1/auth/bad%20uid!' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false });
    expect(calls).toBe(0);
  });
});

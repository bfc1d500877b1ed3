import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from './dependency-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it('knows a database or Redis that cannot be reached, also wrapped by drizzle or in an AggregateError', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('Connection is closed.'),
      new Error('Command timed out'),
      new Error('Failed query: select 1\nparams: ', {
        cause: withCode('read ECONNRESET', 'ECONNRESET'),
      }),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ])
      expect(isDependencyUnavailable(error), error.message).toBe(true);
  });

  it('leaves every other failure to be a 500: a bug, a constraint, a syntax error, a non-error', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      withCode('duplicate key value violates unique constraint "profiles_phone_unique"', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      new Error('Failed query: insert …', { cause: withCode('null value in column', '23502') }),
      'ECONNREFUSED',
      undefined,
    ])
      expect(isDependencyUnavailable(error)).toBe(false);
  });
});

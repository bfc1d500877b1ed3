import { describe, expect, it } from 'vitest';
import { OutageLog } from './outage-log';

describe('OutageLog', () => {
  it('logs an outage once when it begins and once when it ends, however many failures it sees', () => {
    const lines: Array<[string, string, object]> = [];
    let now = 1000;
    const outage = new OutageLog(
      'Redis',
      {
        warn: (details, message) => lines.push(['warn', message, details]),
        info: (details, message) => lines.push(['info', message, details]),
      },
      () => now,
    );
    outage.restored();
    expect(lines).toEqual([]);
    outage.lost(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6390'), { code: 'ECONNREFUSED' }));
    now += 500;
    outage.lost(new Error('connect ECONNREFUSED 127.0.0.1:6390'));
    outage.lost('anything');
    expect(outage.down).toBe(true);
    now += 1000;
    outage.restored();
    outage.restored();
    expect(outage.down).toBe(false);
    expect(lines).toEqual([
      [
        'warn',
        'Redis is unavailable: connect ECONNREFUSED 127.0.0.1:6390',
        { reason: 'connect ECONNREFUSED 127.0.0.1:6390' },
      ],
      ['info', 'Redis is back after 1.5 s', { downMs: 1500 }],
    ]);
    outage.lost(new Error('Connection is closed.'));
    expect(lines.length).toBe(3);
  });
});

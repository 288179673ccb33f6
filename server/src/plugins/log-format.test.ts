import { describe, expect, it } from 'vitest';
import { prettyLogStream, usePrettyLogs } from './log-format.ts';

const at = new Date(2026, 5, 15, 9, 5, 7).getTime();

function lines(records: Array<Record<string, unknown> | string>, maxInFlight?: number): string[] {
  const out: string[] = [];
  const stream = prettyLogStream({ write: (text: string) => out.push(text) }, { colors: false, ...(maxInFlight ? { maxInFlight } : {}) });
  for (const record of records) stream.write(typeof record === 'string' ? record : `${JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...record })}\n`);
  return out.join('').trimEnd().split('\n');
}

describe('readable logs', () => {
  it('are used on a terminal unless JSON is asked for, and wherever pretty is asked for', () => {
    expect(usePrettyLogs('auto', true)).toBe(true);
    expect(usePrettyLogs('auto', false)).toBe(false);
    expect(usePrettyLogs('json', true)).toBe(false);
    expect(usePrettyLogs('pretty', false)).toBe(true);
  });

  it('write a request as one line once it is answered', () => {
    expect(
      lines([
        { reqId: 'req-1', req: { method: 'GET', url: '/nl/horloges' }, msg: 'incoming request' },
        { reqId: 'req-2', req: { method: 'POST', url: '/api/url/map' }, msg: 'incoming request' },
        { reqId: 'req-2', res: { statusCode: 404 }, responseTime: 1.4, msg: 'request completed' },
        { reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.6, msg: 'request completed' },
      ]),
    ).toEqual(['09:05:07 INFO  POST /api/url/map 404 1 ms', '09:05:07 INFO  GET /nl/horloges 200 13 ms']);
  });

  it('write any other event with its fields, and an error with its stack below', () => {
    expect(lines([{ level: 40, msg: 'the background WAL checkpoint failed', removed: 3, dist: '/tmp/a b' }])).toEqual([
      '09:05:07 WARN  the background WAL checkpoint failed removed=3 dist="/tmp/a b"',
    ]);
    expect(lines([{ level: 50, msg: 'request failed', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (a.ts:1:1)' } }])).toEqual([
      '09:05:07 ERROR request failed',
      '    Error: boom',
      '        at x (a.ts:1:1)',
    ]);
  });

  it('pass through what is not JSON, and never hold more unanswered requests than allowed', () => {
    expect(lines(['plain text\n'])).toEqual(['plain text']);
    const flood = Array.from({ length: 5 }, (_, n) => ({ reqId: `req-${n}`, req: { method: 'GET', url: `/${n}` }, msg: 'incoming request' }));
    expect(lines([...flood, { reqId: 'req-0', res: { statusCode: 200 }, responseTime: 1, msg: 'request completed' }, { reqId: 'req-4', res: { statusCode: 200 }, responseTime: 1, msg: 'request completed' }], 2)).toEqual([
      '09:05:07 INFO  request req-0 200 1 ms',
      '09:05:07 INFO  GET /4 200 1 ms',
    ]);
  });
});

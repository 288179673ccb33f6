/**
 * The server's logs on a terminal: one readable line per event instead of pino's JSON (LOG_FORMAT, README). A
 * request is one line once answered (`12:04:31 INFO  GET /nl/horloges 200 4 ms`); any other event is its time,
 * level and message, then its fields as key=value; an error's stack follows on indented lines. Anywhere else
 * (a process manager, a log collector) the logs stay JSON, one object per line.
 */

export type LogFormat = 'auto' | 'pretty' | 'json';

/** `auto`: readable on a terminal, JSON when the output goes anywhere else. */
export function usePrettyLogs(format: LogFormat, isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

const LEVELS: Record<number, { label: string; color: number }> = {
  10: { label: 'TRACE', color: 90 },
  20: { label: 'DEBUG', color: 90 },
  30: { label: 'INFO ', color: 32 },
  40: { label: 'WARN ', color: 33 },
  50: { label: 'ERROR', color: 31 },
  60: { label: 'FATAL', color: 35 },
};

/** pino's own fields, and those of Fastify's request lines, which the line shows in its own way. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'v']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * A destination for pino (Fastify's `logger.stream`) that writes readable lines to `out`. Requests in flight are
 * remembered by id until answered (at most `maxInFlight`, so an unanswered one is never held for ever).
 */
export function prettyLogStream(out: { write(text: string): unknown }, options: { colors: boolean; maxInFlight?: number }) {
  const inFlight = new Map<string, string>();
  const maxInFlight = options.maxInFlight ?? 1000;
  const paint = (color: number, text: string) => (options.colors ? `\u001b[${color}m${text}\u001b[39m` : text);

  function format(record: LogRecord): string | null {
    const level = LEVELS[record.level ?? 30] ?? { label: String(record.level), color: 39 };
    const head = `${paint(90, clock(record.time))} ${paint(level.color, level.label)}`;
    if (record.msg === 'incoming request' && record.reqId && record.req) {
      if (inFlight.size >= maxInFlight) inFlight.delete(inFlight.keys().next().value!);
      inFlight.set(record.reqId, `${record.req.method ?? ''} ${record.req.url ?? ''}`);
      return null;
    }
    let text = record.msg ?? '';
    if (record.msg === 'request completed' && record.reqId) {
      const request = inFlight.get(record.reqId) ?? `request ${record.reqId}`;
      inFlight.delete(record.reqId);
      const status = record.res?.statusCode ?? 0;
      const statusText = status >= 400 ? paint(status >= 500 ? 31 : 33, String(status)) : String(status);
      text = `${request} ${statusText} ${Math.round(record.responseTime ?? 0)} ms`;
    }
    const fields = Object.entries(record)
      .filter(([key]) => !SHOWN_APART.has(key))
      .map(([key, value]) => `${paint(90, `${key}=`)}${fieldText(value)}`);
    if (record.err && !record.err.stack) fields.push(`${paint(90, 'err=')}${fieldText(record.err.message ?? record.err)}`);
    const line = [head, text, ...fields].filter(Boolean).join(' ');
    const stack = record.err?.stack ? `\n${record.err.stack.replace(/^/gm, '    ')}` : '';
    return line + stack;
  }

  return {
    write(chunk: string): void {
      for (const raw of chunk.split('\n')) {
        if (!raw.trim()) continue;
        let record: LogRecord;
        try {
          record = JSON.parse(raw) as LogRecord;
        } catch {
          out.write(`${raw}\n`);
          continue;
        }
        const line = format(record);
        if (line !== null) out.write(`${line}\n`);
      }
    },
  };
}

/**
 * A tiny in-process SMTP server that keeps every mail it accepts: the outside mail server of the mail tests and the
 * chaos run's sink (a dev tool, so it lives beside the mail feature and not in a test helper). Its options make it
 * refuse or defer one recipient, refuse every login, or accept logins and record each mail's login as its sender:
 * every chaos instance process logs in with its own name (see `urlFor`), so a duplicate mail can be traced to the
 * processes that sent it.
 */
import net from 'node:net';

export interface ReceivedMail {
  /** The MAIL FROM argument, as sent (e.g. "<shop@example.com>"). */
  from: string;
  to: string[];
  /** The raw message, headers and body. */
  data: string;
  /** The login the mail came in under ("?" without one): with `login: 'accept'`, the instance process that sent it. */
  sender: string;
  /** The decoded Subject header. */
  subject: string;
  /** When the sink accepted the message (ms, from `now`). */
  at: number;
}

export interface SmtpSinkOptions {
  /** Refused for good (550). */
  refuseRecipient?: string;
  /** Refused for now (451) its first `times` tries. */
  deferRecipient?: { address: string; times: number };
  /**
   * Without it, no AUTH is offered (and any attempt is refused); 'refuse' offers AUTH PLAIN/LOGIN and refuses every
   * login (535); 'accept' accepts every login and records its name as the sender of the mails that follow.
   */
  login?: 'refuse' | 'accept';
  now?: () => number;
}

export interface SmtpSink {
  port: number;
  /** The address to send through, without a login. */
  url: string;
  /** The address to send through as `login` (with `login: 'accept'`, it becomes the sender of each mail). */
  urlFor(login: string): string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header value. */
export function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** The Subject header of a raw message (folded lines joined, encoded words decoded). */
export function subjectOf(data: string): string {
  const head = data.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = /^subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return match ? decodeHeader(match[1]!.replace(/\r?\n[ \t]+/g, ' ')).trim() : '';
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const now = options.now ?? Date.now;
  const received: ReceivedMail[] = [];
  let deferred = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let inData = false;
    let sender = '?';
    let authStep: null | 'plain' | 'login-user' | 'login-pass' = null;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const plain = (encoded: string) => {
      const parts = Buffer.from(encoded, 'base64').toString('utf8').split('\0');
      sender = parts[1] || parts[0] || '?';
      reply('235 2.7.0 ok');
    };
    const loginUser = (encoded: string) => {
      sender = Buffer.from(encoded, 'base64').toString('utf8') || '?';
      authStep = 'login-pass';
      reply('334 UGFzc3dvcmQ6');
    };
    const auth = (line: string) => {
      if (options.login !== 'accept') return reply('535 5.7.8 authentication credentials invalid');
      const [, method, initial] = line.split(' ');
      if (method?.toUpperCase() === 'PLAIN') {
        if (initial) plain(initial);
        else {
          authStep = 'plain';
          reply('334 ');
        }
      } else if (method?.toUpperCase() === 'LOGIN') {
        if (initial) loginUser(initial);
        else {
          authStep = 'login-user';
          reply('334 VXNlcm5hbWU6');
        }
      } else reply('504 5.5.4 unknown mechanism');
    };
    const recipient = (address: string) => {
      if (options.refuseRecipient && address === options.refuseRecipient) reply('550 5.1.1 mailbox unavailable');
      else if (options.deferRecipient && address === options.deferRecipient.address && deferred < options.deferRecipient.times) {
        deferred++;
        reply('451 4.7.1 greylisted, try again later');
      } else {
        to.push(address);
        reply('250 2.1.5 ok');
      }
    };
    reply('220 smtp.sink ESMTP ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ from, to, data, sender, subject: subjectOf(data), at: now() });
          from = '';
          to = [];
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (authStep === 'plain') {
          authStep = null;
          plain(line);
          continue;
        }
        if (authStep === 'login-user') {
          loginUser(line);
          continue;
        }
        if (authStep === 'login-pass') {
          authStep = null;
          reply('235 2.7.0 ok');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' && options.login) {
          reply('250-smtp.sink');
          reply('250 AUTH PLAIN LOGIN');
        } else if (verb === 'EHLO' || verb === 'HELO') reply('250 smtp.sink');
        else if (verb === 'AUTH') auth(line);
        else if (verb === 'MAIL') {
          from = line.slice(10);
          to = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') recipient(line.slice(8).replace(/[<>]/g, '').trim());
        else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    urlFor: (login) => `smtp://${encodeURIComponent(login)}:x@127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The chaos run's mail server: accepts every mail and remembers each delivery with the instance that made it. Every
 * instance process logs in with its own name (SMTP_URL=smtp://<instance>:x@127.0.0.1:<port>), so a duplicate mail
 * can be traced to the processes that sent it, and excused only when the first sender was killed while holding it.
 */
import net from 'node:net';

export interface Delivery {
  /** The SMTP login: the instance process that delivered it (e.g. "i1-3", instance 1 in its 3rd life). */
  sender: string;
  to: string[];
  subject: string;
  /** When the sink accepted the message (ms). */
  at: number;
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

export async function startSmtpSink(now: () => number = Date.now): Promise<{ port: number; urlFor(sender: string): string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let inData = false;
    let sender = '?';
    let authStep: null | 'plain' | 'login-user' | 'login-pass' = null;
    let to: string[] = [];
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const plain = (encoded: string) => {
      const parts = Buffer.from(encoded, 'base64').toString('utf8').split('\0');
      sender = parts[1] || parts[0] || '?';
      reply('235 2.7.0 ok');
    };
    reply('220 chaos.sink ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          deliveries.push({ sender, to, subject: subjectOf(data), at: now() });
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
          sender = Buffer.from(line, 'base64').toString('utf8') || '?';
          authStep = 'login-pass';
          reply('334 UGFzc3dvcmQ6');
          continue;
        }
        if (authStep === 'login-pass') {
          authStep = null;
          reply('235 2.7.0 ok');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-chaos.sink');
          reply('250 AUTH PLAIN LOGIN');
        } else if (verb === 'HELO') reply('250 chaos.sink');
        else if (verb === 'AUTH') {
          const [, method, initial] = line.split(' ');
          if (method?.toUpperCase() === 'PLAIN') {
            if (initial) plain(initial);
            else {
              authStep = 'plain';
              reply('334 ');
            }
          } else if (method?.toUpperCase() === 'LOGIN') {
            if (initial) {
              sender = Buffer.from(initial, 'base64').toString('utf8') || '?';
              authStep = 'login-pass';
              reply('334 UGFzc3dvcmQ6');
            } else {
              authStep = 'login-user';
              reply('334 VXNlcm5hbWU6');
            }
          } else reply('504 5.5.4 unknown mechanism');
        } else if (verb === 'MAIL') {
          to = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          to.push(line.slice(8).replace(/[<>]/g, '').trim());
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
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
    urlFor: (sender) => `smtp://${encodeURIComponent(sender)}:x@127.0.0.1:${port}`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

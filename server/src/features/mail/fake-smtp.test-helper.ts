/** A tiny in-process SMTP server for tests: accepts (or refuses) mail and keeps what it received. */
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * `refuseRecipient` gets a permanent refusal (550); `deferRecipient` a temporary one (451) its first `times` tries;
 * `refuseLogin` offers AUTH and refuses every login (535).
 */
export async function startFakeSmtp(
  options: { refuseRecipient?: string; deferRecipient?: { address: string; times: number }; refuseLogin?: boolean } = {},
): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  let deferred = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' && options.refuseLogin) {
          reply('250-fake.smtp');
          reply('250 AUTH PLAIN LOGIN');
        } else if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.smtp');
        else if (verb === 'AUTH') reply('535 5.7.8 authentication credentials invalid');
        else if (verb === 'MAIL') {
          current.from = line.slice(10);
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const to = line.slice(8).replace(/[<>]/g, '');
          if (options.refuseRecipient && to === options.refuseRecipient) reply('550 5.1.1 mailbox unavailable');
          else if (options.deferRecipient && to === options.deferRecipient.address && deferred < options.deferRecipient.times) {
            deferred++;
            reply('451 4.7.1 greylisted, try again later');
          }
          else {
            current.to.push(to);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
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
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

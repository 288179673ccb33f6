// The SMTP sink that stands for the outside mail server (mail tests, chaos run): what it records of each mail, and
// the logins it accepts or refuses. Its refusals of recipients are exercised through the outbox in mail.test.ts.
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpSink, subjectOf, type SmtpSink } from './smtp-sink.ts';

let sink: SmtpSink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

const send = (options: Parameters<typeof nodemailer.createTransport>[0], subject: string) => {
  const transport = nodemailer.createTransport(options);
  return transport.sendMail({ from: 'shop@example.com', to: 'anna@example.com', subject, text: 'x' }).finally(() => transport.close());
};

describe('the SMTP sink', () => {
  it('keeps each mail with its envelope, raw message, decoded subject and time', async () => {
    sink = await startSmtpSink({ now: () => 1234 });
    await send({ url: sink.url }, 'Uw bestelling #000000007 – dank u');
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatchObject({ to: ['anna@example.com'], sender: '?', subject: 'Uw bestelling #000000007 – dank u', at: 1234 });
    expect(sink.received[0]!.from).toContain('shop@example.com');
    expect(sink.received[0]!.data).toMatch(/^Subject: /m);
  });

  it("with login 'accept', records the login of each mail (PLAIN and LOGIN) as its sender", async () => {
    sink = await startSmtpSink({ login: 'accept' });
    await send({ url: sink.urlFor('i1-3') }, 'First');
    await send({ host: '127.0.0.1', port: sink.port, auth: { user: 'i2-1', pass: 'x' }, authMethod: 'LOGIN' }, 'Second');
    expect(sink.received.map((mail) => [mail.sender, mail.subject])).toEqual([
      ['i1-3', 'First'],
      ['i2-1', 'Second'],
    ]);
  });

  it("with login 'refuse', refuses every login (535) and keeps nothing", async () => {
    sink = await startSmtpSink({ login: 'refuse' });
    await expect(send({ url: sink.urlFor('shop') }, 'Hi')).rejects.toThrow(/535/);
    expect(sink.received).toEqual([]);
  });

  it('decodes encoded words and folded subject lines', () => {
    expect(decodeHeader('=?UTF-8?B?w6ljaGFudGlsbG9u?= =?UTF-8?Q?_gr=C3=BC=C3=9Fe?=')).toBe('échantillon grüße');
    expect(subjectOf('From: a@example.com\r\nSubject: Your order\r\n #000000001\r\n\r\nSubject: not this')).toBe('Your order #000000001');
    expect(subjectOf('From: a@example.com\r\n\r\nbody')).toBe('');
  });
});

/**
 * E-mail for the whole shop (decision content). Every mail is written to the `outbox` table first, so nothing is
 * lost and developers can read it on /dev/mailbox; when SMTP is configured it is then delivered and marked sent or
 * failed. Delivery runs after `send` answers, so a slow mail server never slows a shopper's request.
 *
 * Without SMTP a mail is only `kept` (read on /dev/mailbox): turning SMTP on later never sends old mail.
 *
 * A mail that belongs to a database change (an order's confirmation) is `queue`d in that change's transaction: it
 * exists exactly when the change committed. `flush` after the commit delivers it; one left queued by a crash is
 * delivered by the `flush` at start. Delivery is at least once: a stop between the server's acceptance and the
 * outbox update sends that mail again at the next start.
 *
 * Several server instances may flush one outbox: a delivery first claims the mail for DELIVERY_LEASE_MS (a
 * conditional update, outbox.repository.ts `claim`), and only the instance that got the claim sends it. The lease is
 * short and the delivery renews it every LEASE_RENEW_MS while its send runs, so a slow mail server never loses the
 * claim, while a lease left by an instance killed during a send runs out within DELIVERY_LEASE_MS: every instance
 * (the restarted one too) has a flush timed for that moment, and the mail goes out then (again, if the killed
 * instance had handed it over already: still at least once).
 *
 * A delivery the mail server refuses for a while (a 4xx reply, no connection, a timeout) stays queued and is tried
 * again after RETRY_DELAYS_MS; a permanent refusal (a 5xx reply, such as an unknown mailbox) or the last failed try
 * marks the mail failed, with the reason.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Trx } from '../../storage/database.ts';
import type { OutboxRepository, QueuedMail } from './outbox.repository.ts';

/** The waits before the 2nd, 3rd, ... try of a delivery refused for a while; after the last one it has failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/**
 * How long a claim holds a mail (no other delivery, on any instance, sends it meanwhile) unless its delivery renews
 * it: the longest a mail waits after the instance delivering it was killed.
 */
export const DELIVERY_LEASE_MS = 30_000;

/** How often a running delivery renews its claim: a third of the lease, so one late renewal never loses it. */
export const LEASE_RENEW_MS = DELIVERY_LEASE_MS / 3;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** What the mail belongs to (the order id for an order's mails): kept in the outbox's `ref`. */
  ref?: string;
  /** Files sent with the mail (an appointment's calendar file); text content only, kept in the outbox. */
  attachments?: MailAttachment[];
}

/** A file attached to a mail. */
export interface MailAttachment {
  filename: string;
  /** The MIME type, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  /** The file's text. */
  content: string;
}

export interface Mailer {
  /** Writes the mail to the outbox and starts its delivery. */
  send(mail: OutgoingMail): Promise<void>;
  /** Writes the mail to the outbox inside the caller's transaction; `flush` once it committed. */
  queue(trx: Trx | Db, mail: OutgoingMail): Promise<void>;
  /** Starts the delivery of every queued mail not being delivered yet (none without SMTP). */
  flush(): Promise<void>;
}

/** What delivers a mail: nodemailer's transporter in production, a fake in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] }): Promise<unknown>;
}

export class OutboxMailer implements Mailer {
  private readonly pending = new Set<Promise<void>>();
  /** Outbox ids whose delivery runs now: a flush beside a send never delivers one twice. */
  private readonly delivering = new Set<number>();
  /** The timer of the next retry, and when it fires. */
  private retry: { timer: NodeJS.Timeout; at: number } | null = null;
  private closed = false;
  /** A mail was left queued because MAX_IN_FLIGHT deliveries ran: the next one to end starts a flush. */
  private waiting = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly options: {
      from: string;
      transport: MailTransport | null;
      now: () => number;
      log?: FastifyBaseLogger;
      retryDelaysMs?: readonly number[];
      /** DELIVERY_LEASE_MS unless told (tests); renewed every third of it. */
      leaseMs?: number;
    },
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const fit = checked(mail);
    const transport = this.options.transport;
    const id = await this.outbox.add(fit, this.options.now(), { status: transport ? 'queued' : 'kept' });
    if (transport) this.start(transport, { id, to: fit.to, subject: fit.subject, text: fit.text, html: fit.html, attachments: fit.attachments, attempts: 0 });
  }

  async queue(trx: Trx | Db, mail: OutgoingMail): Promise<void> {
    await this.outbox.add(checked(mail), this.options.now(), { status: this.options.transport ? 'queued' : 'kept', trx });
  }

  async flush(): Promise<void> {
    const transport = this.options.transport;
    if (!transport || this.closed) return;
    const now = this.options.now();
    for (let after = 0; ; ) {
      const page = await this.outbox.due(now, FLUSH_PAGE, after);
      for (const mail of page) this.start(transport, mail);
      if (page.length < FLUSH_PAGE || this.waiting) break;
      after = page.at(-1)!.id;
    }
    const next = await this.outbox.nextRetryAt();
    if (next !== null && next > now) this.retryAt(next);
  }

  /** Stops the retry timer (the server is closing); deliveries already running finish (`settled`). */
  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry.timer);
    this.retry = null;
  }

  /** Resolves when every delivery started so far has finished (tests; closing the server). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /**
   * Delivers one outbox mail unless its delivery runs already. At most MAX_IN_FLIGHT run at once (each is an SMTP
   * connection, and mail servers refuse a crowd): the others stay queued, and a flush starts them as places free up.
   */
  private start(transport: MailTransport, mail: QueuedMail): void {
    if (this.delivering.has(mail.id)) return;
    if (this.delivering.size >= MAX_IN_FLIGHT) {
      this.waiting = true;
      return;
    }
    this.delivering.add(mail.id);
    const delivery = this.deliver(transport, mail).finally(() => {
      this.delivering.delete(mail.id);
      this.pending.delete(delivery);
      if (this.waiting && !this.closed) {
        this.waiting = false;
        const next = this.flush().catch((error: unknown) => this.options.log?.error({ err: error }, 'the next queued mails could not be started'));
        this.pending.add(next);
        void next.finally(() => this.pending.delete(next));
      }
    });
    this.pending.add(delivery);
  }

  private async deliver(transport: MailTransport, { id, html, attempts, attachments, ...mail }: QueuedMail): Promise<void> {
    const attempt = attempts + 1;
    // A flush may have read the row just before an earlier delivery of it finished, or another instance delivers it
    // now: only a mail still queued with the attempts it was read with, and claimed here, goes out.
    const leaseMs = this.options.leaseMs ?? DELIVERY_LEASE_MS;
    const claimedAt = this.options.now();
    if (!(await this.outbox.claim(id, attempts, claimedAt, leaseMs).catch(() => false))) return;
    let heldUntil = claimedAt + leaseMs;
    // The claim is renewed while the send runs; a renewal that finds the claim gone (the lease ran out while this
    // process stood still, and another delivery took it) stops renewing: the mail may go out twice, never not at all.
    let renewing = true;
    const renew = setInterval(() => {
      if (!renewing) return;
      const until = this.options.now() + leaseMs;
      this.outbox
        .renew(id, heldUntil, until)
        .then((held) => {
          if (held) heldUntil = until;
          else renewing = false;
        })
        .catch((error: unknown) => this.options.log?.warn({ mailId: id, err: error }, 'the claim on a mail being delivered could not be renewed'));
    }, leaseMs / 3);
    renew.unref();
    let refusal: unknown = null;
    try {
      await transport.sendMail({ from: this.options.from, ...mail, ...(html === null ? {} : { html }), ...(attachments.length === 0 ? {} : { attachments }) });
    } catch (error) {
      refusal = error ?? new Error('the mail server refused the mail');
    } finally {
      renewing = false;
      clearInterval(renew);
    }
    try {
      if (refusal === null) {
        await this.outbox.markSent(id, this.options.now(), attempt);
        return;
      }
      const message = refusal instanceof Error ? refusal.message : String(refusal);
      const delay = (this.options.retryDelaysMs ?? RETRY_DELAYS_MS)[attempt - 1];
      if (isTemporary(refusal) && delay !== undefined) {
        const at = this.options.now() + delay;
        this.options.log?.warn({ mailId: id, attempt, err: message }, 'mail delivery refused for now: it is tried again later');
        await this.outbox.markDeferred(id, message, attempt, at);
        this.retryAt(at);
      } else {
        this.options.log?.warn({ mailId: id, attempt, err: message }, 'mail delivery failed');
        await this.outbox.markFailed(id, message, attempt);
      }
    } catch (error) {
      // The outbox could not be updated (the database is closing): the row stays queued, so the mail goes out again
      // at the next start. Delivery is at least once.
      this.options.log?.error({ mailId: id, err: error }, 'the outcome of a mail delivery could not be recorded');
    }
  }

  /** Makes sure a flush runs at `at` (or earlier); the timer never keeps the process alive. */
  private retryAt(at: number): void {
    if (this.closed || (this.retry && this.retry.at <= at)) return;
    if (this.retry) clearTimeout(this.retry.timer);
    const timer = setTimeout(() => {
      this.retry = null;
      void this.flush().catch((error: unknown) => this.options.log?.error({ err: error }, 'the mail retry could not run'));
    }, Math.max(0, at - this.options.now()));
    timer.unref();
    this.retry = { timer, at };
  }
}

/** nodemailer's codes for failures on the way to the server (connection, TLS, login): all can pass later. */
const ON_THE_WAY = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH', 'ECONNREFUSED', 'ECONNRESET']);

/**
 * Whether a delivery failure may pass if tried later. Failures on the way to the server (no connection, a timeout,
 * TLS, a refused login the operator can fix) may, even when the server answered 5xx to the login. A reply to the
 * envelope or the message may when it is a 4xx; a 5xx there (an unknown mailbox) is final, and so is nodemailer's own
 * refusal of an envelope or message before any server spoke.
 */
export function isTemporary(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof code === 'string' && ON_THE_WAY.has(code)) return true;
  if (typeof responseCode === 'number') return responseCode < 500;
  return code !== 'EENVELOPE' && code !== 'EMESSAGE';
}

/** Deliveries (SMTP connections) running at once. */
export const MAX_IN_FLIGHT = 4;

/** Queued mails read per page while flushing. */
const FLUSH_PAGE = 100;

/** A mail fit for one SMTP envelope: one recipient, a one-line subject. */
function checked(mail: OutgoingMail): { to: string; subject: string; text: string; html: string | null; kind: string; ref: string | null; attachments: MailAttachment[] } {
  const to = mail.to.trim();
  if (!to || /[\r\n]/.test(to) || /[\r\n]/.test(mail.subject)) throw new Error('A mail needs one recipient and a one-line subject');
  if (mail.attachments?.some((file) => /[\r\n/\\]/.test(file.filename) || /[\r\n]/.test(file.contentType))) throw new Error('An attachment needs a plain file name and a one-line type');
  return { to, subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind, ref: mail.ref ?? null, attachments: mail.attachments ?? [] };
}

import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../../db/connection.js';
import { outbox } from './tables.js';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
}

/**
 * The one way codes leave the server, whatever carries them. `kept` means no provider took it:
 * it waits in the operator's outbox (docs/messages.md, Delivery status).
 */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void | 'kept'>;
}

/** Default when nothing is configured: keeps the message for the admin and logs it. */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: DbOrTx,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(m: OutgoingMessage): Promise<'kept'> {
    await this.db.insert(outbox).values({ channel: m.channel, recipient: m.to, subject: m.subject, body: m.text });
    this.log?.info({ channel: m.channel, to: m.to }, `outbox: ${m.subject}`);
    return 'kept';
  }
}

export class SmtpSender implements MessageSender {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(m: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }

  close() {
    this.transport.close();
  }
}

/**
 * An SMS provider reached over HTTP: POSTs `{ to, text }` as JSON to FACET_SMS_URL with
 * `Authorization: Bearer FACET_SMS_TOKEN`. Most providers have such an endpoint or a small
 * gateway in front of them.
 */
export class HttpSmsSender implements MessageSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to: m.to, text: m.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}

/** Sends email and SMS each through its own sender. */
export class RoutingSender implements MessageSender {
  constructor(
    private readonly email: MessageSender,
    private readonly sms: MessageSender,
  ) {}

  send(m: OutgoingMessage): Promise<void | 'kept'> {
    return (m.channel === 'email' ? this.email : this.sms).send(m);
  }
}

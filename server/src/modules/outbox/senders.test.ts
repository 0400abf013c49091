import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbUnavailable } from '../../test/harness.js';
import { HttpSmsSender, RoutingSender, SmtpSender } from './senders.js';

describe.skipIf(dbUnavailable())('message senders', () => {
  const mails: Array<{ from: string; to: string[]; data: string }> = [];
  let smtp: SMTPServer;
  let smtpPort = 0;
  const smsRequests: Array<{ auth: string | undefined; body: unknown }> = [];
  let sms: Server;
  let smsPort = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => {
          data += c.toString();
        });
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    sms = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        smsRequests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(body.includes('fail-me') ? 500 : 200).end('{}');
      });
    });
    await new Promise<void>((r) => sms.listen(0, '127.0.0.1', () => r()));
    smsPort = (sms.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    await new Promise<void>((r) => sms.close(() => r()));
  });

  it('sends a registration code by email over SMTP and by SMS over HTTP, and the codes work', async () => {
    const smtpSender = new SmtpSender(`smtp://127.0.0.1:${smtpPort}`, 'Facet <no-reply@facet.test>');
    const sender = new RoutingSender(smtpSender, new HttpSmsSender(`http://127.0.0.1:${smsPort}/send`, 'sms-secret'));
    const t = await createTestServer({ sender });
    try {
      expect((await t.call('getCodeFromEMailV2', { email: 'smtp@example.org', type: 'register' })).code).toBe(0);
      const mail = mails.at(-1);
      expect(mail?.to).toEqual(['smtp@example.org']);
      expect(mail?.from).toBe('no-reply@facet.test');
      const code = /\b(\d{6})\b/.exec(mail?.data ?? '')?.[1] ?? '';
      const reg = await t.call('registerV2', {
        username: 'smtp_user',
        password: 'Passw0rd!',
        email: 'smtp@example.org',
        code,
      });
      expect(reg.code).toBe(0);

      expect((await t.call('sendSmsForRegister', { phone: '13944440001' })).code).toBe(0);
      const req = smsRequests.at(-1);
      expect(req?.auth).toBe('Bearer sms-secret');
      expect(req?.body).toMatchObject({ to: '+8613944440001' });
      const smsText = (req?.body as { text?: string } | undefined)?.text ?? '';
      const smsCode = /\b(\d{6})\b/.exec(smsText)?.[1] ?? '';
      expect(
        (
          await t.call('registerV2', {
            username: 'sms_user',
            password: 'Passw0rd!',
            phone: '13944440001',
            code: smsCode,
          })
        ).code,
      ).toBe(0);
    } finally {
      smtpSender.close();
      await t.close();
    }
  });

  it('reports a failing SMS provider', async () => {
    await expect(
      new HttpSmsSender(`http://127.0.0.1:${smsPort}/send`, undefined).send({
        channel: 'sms',
        to: '+1',
        subject: '',
        text: 'fail-me',
      }),
    ).rejects.toThrow(/500/);
  });
});

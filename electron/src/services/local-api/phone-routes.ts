import { PassThrough } from 'node:stream';
import {
  base64BodyLimit,
  PHONE_PUSH_MAX_BYTES,
  phoneBoundsBodySchema,
  phoneControlGroupBodySchema,
  phoneControlGroupCloseBodySchema,
  phoneFrameBodySchema,
  phoneIdBodySchema,
  phoneInputBodySchema,
  phonePushBodySchema,
  phoneSaveImagesBodySchema,
} from '@facet/shared';
import type { FastifyInstance } from 'fastify';
import type { PhoneSessions } from '../phones/sessions.js';
import { fail, ok } from './guards.js';
import { BadRequest, parse } from './parse.js';

/**
 * The local API's phone/* routes (docs/client.md, Cloud phones): all POST, envelope answers,
 * except phone/frame, which answers the PNG itself (x-frame-seq: its number), and phone/video,
 * which streams scrcpy's video for as long as the caller reads it.
 */
export function registerPhoneRoutes(app: FastifyInstance, phones: PhoneSessions) {
  const P = phones;
  app.post('/phone/open', async (req) => ok(await P.open(parse(phoneIdBodySchema, req.body).id)));
  app.post('/phone/close', async (req, reply) => {
    const { id } = parse(phoneIdBodySchema, req.body);
    if (!(await P.close(id))) return reply.code(404).send(fail(`phone ${id} is not open in this client`));
    return ok(true);
  });
  app.post('/phone/close/all', async () => ok({ count: await P.closeAll() }));
  app.post('/phone/bounds', async (req) => {
    const b = parse(phoneBoundsBodySchema, req.body);
    return ok(P.setBounds(b.id, b.bounds));
  });
  app.post('/phone/saveimgs', async (req) => ok(await P.saveImages(parse(phoneSaveImagesBodySchema, req.body).ids)));
  app.post('/phone/opened/ids', async () => ok(P.ids()));
  app.post('/phone/opened/configs', async () => ok(P.opened()));
  app.post('/phone/reconnect', async (req) => ok(await P.reconnect(parse(phoneIdBodySchema, req.body).id)));
  app.post('/phone/qunkong/ids', async () => ok(P.group()));
  app.post('/phone/qunkong/set', async (req) => {
    const b = parse(phoneControlGroupBodySchema, req.body);
    return ok(P.setGroup(b.main, b.followers));
  });
  app.post('/phone/qunkong/close', async (req) =>
    ok(P.closeGroup(parse(phoneControlGroupCloseBodySchema, req.body).ids)),
  );
  app.post('/phone/input', async (req) => {
    const b = parse(phoneInputBodySchema, req.body);
    return ok(await P.input(b.id, b.input));
  });
  app.post('/phone/push', { bodyLimit: base64BodyLimit(PHONE_PUSH_MAX_BYTES) + 1024 }, async (req) => {
    const b = parse(phonePushBodySchema, req.body);
    if (!/^[A-Za-z0-9+/\r\n]+={0,2}\s*$/.test(b.base64)) throw new BadRequest('base64: not base64 data');
    return ok(await P.push(b.id, b.name, Buffer.from(b.base64, 'base64')));
  });
  app.post('/phone/clipboard', async (req) => ok(P.clipboard(parse(phoneIdBodySchema, req.body).id)));
  app.post('/phone/video', async (req, reply) => {
    const { id } = parse(phoneIdBodySchema, req.body);
    // A viewer more than this behind skips to the next key frame rather than the client holding it all.
    const out = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
    const stop = P.video(
      id,
      (chunk) => out.write(chunk),
      () => out.end(),
    );
    // The viewer went away (its page closed or it stopped reading): stop sending it frames. The
    // response's close, not the request's, which closes as soon as its body has been read.
    reply.raw.once('close', stop);
    out.once('close', stop);
    return reply.header('content-type', 'application/octet-stream').header('cache-control', 'no-store').send(out);
  });
  app.post('/phone/frame', async (req, reply) => {
    const b = parse(phoneFrameBodySchema, req.body);
    const frame = await P.frame(b.id, b.after);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'no-store')
      .header('x-frame-seq', String(frame.seq))
      .header('access-control-expose-headers', 'x-frame-seq')
      .send(Buffer.from(frame.png.buffer, frame.png.byteOffset, frame.png.byteLength));
  });
}

// The client's connection to the server when the server stops taking the user's session: the
// session is dropped once and `session-refused` is emitted (the desktop app's redirectToAuth).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerClient, ServerError } from './server-client.js';
import { startFacetServer } from './test/world.js';

describe('ServerClient and a refused session', () => {
  let world: Awaited<ReturnType<typeof startFacetServer>>;
  beforeAll(async () => {
    world = await startFacetServer();
  });
  afterAll(async () => {
    await world?.srv.close();
  });

  it('drops the session and says so once when the server signs the user out', async () => {
    const user = await world.srv.register();
    const server = new ServerClient(world.url, { token: user.token, sid: user.sid });
    const refused: unknown[] = [];
    server.on('session-refused', (e) => refused.push(e));
    expect((await server.currentUser()).id).toBeGreaterThan(0);
    expect(refused).toEqual([]);

    // Signed out elsewhere (the console's logout ends the session on the server).
    await world.srv.call('logout', undefined, { token: user.token, sid: user.sid });
    const e = await server.currentUser().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServerError);
    expect(refused).toHaveLength(1);
    expect(server.hasSession).toBe(false);
    // No session any more: the next call does not reach the server, and says nothing new.
    await expect(server.currentUser()).rejects.toMatchObject({ code: 401 });
    expect(refused).toHaveLength(1);
  });

  it('keeps the session on other refusals', async () => {
    const user = await world.srv.register();
    const server = new ServerClient(world.url, { token: user.token, sid: user.sid });
    const refused: unknown[] = [];
    server.on('session-refused', (e) => refused.push(e));
    await expect(server.call('phoneOpen', { body: { id: 999_999 } })).rejects.toBeInstanceOf(ServerError);
    expect(refused).toEqual([]);
    expect(server.hasSession).toBe(true);
  });
});

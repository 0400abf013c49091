import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CdpConnection } from './cdp.js';
import { NulFramer } from './cdp-pipe.js';

/** A browser's end of the pipe: what the connection wrote, and a way to answer. */
function fakeBrowser() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const written: string[] = [];
  const framer = new NulFramer();
  toBrowser.on('data', (c: Buffer) => written.push(...framer.push(c)));
  return { cdp: CdpConnection.overPipe(toBrowser, fromBrowser), fromBrowser, written };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the DevTools pipe framing', () => {
  it('splits joined messages and reassembles one split across chunks, UTF-8 included', () => {
    const f = new NulFramer();
    expect(f.push(Buffer.from('{"a":1}\0{"b":2}\0'))).toEqual(['{"a":1}', '{"b":2}']);
    const big = JSON.stringify({ id: 1, result: { data: 'x'.repeat(300_000), text: 'Grüße, 東京 🙂' } });
    const bytes = Buffer.from(`${big}\0{"c":3}\0{"d"`);
    // Cut inside a multi-byte character too: the bytes are kept until the NUL, then decoded whole.
    const emoji = bytes.indexOf(Buffer.from('🙂'));
    const parts = [bytes.subarray(0, 1000), bytes.subarray(1000, emoji + 2), bytes.subarray(emoji + 2)];
    expect(f.push(parts[0]!)).toEqual([]);
    expect(f.push(parts[1]!)).toEqual([]);
    expect(f.push(parts[2]!)).toEqual([big, '{"c":3}']);
    expect(f.push(Buffer.from(':4}\0'))).toEqual(['{"d":4}']);
    expect(f.push(Buffer.from('\0'))).toEqual(['']);
  });

  it('terminates each command with NUL and routes answers and events, a large answer in pieces', async () => {
    const b = fakeBrowser();
    const events: string[] = [];
    b.cdp.on('event', (e: { method: string }) => events.push(e.method));
    const answer = b.cdp.send<{ data: string }>('Runtime.evaluate', { expression: '1' }, 'S1');
    await tick();
    expect(b.written).toHaveLength(1);
    const sent = JSON.parse(b.written[0]!) as { id: number; method: string; sessionId: string };
    expect(sent).toMatchObject({ method: 'Runtime.evaluate', sessionId: 'S1' });
    const reply = Buffer.from(
      `{"method":"Page.loadEventFired","params":{}}\0${JSON.stringify({ id: sent.id, result: { data: 'y'.repeat(100_000) } })}\0`,
    );
    for (let i = 0; i < reply.length; i += 4096) b.fromBrowser.write(reply.subarray(i, i + 4096));
    expect((await answer).data).toHaveLength(100_000);
    expect(events).toEqual(['Page.loadEventFired']);
  });

  it('rejects pending calls and reports close when the browser goes away', async () => {
    const b = fakeBrowser();
    const pending = b.cdp.send('Browser.getVersion');
    const closed = new Promise((r) => b.cdp.once('close', r));
    b.fromBrowser.end();
    await expect(pending).rejects.toThrow(/closed during Browser.getVersion/);
    await closed;
    expect(b.cdp.isClosed).toBe(true);
    await expect(b.cdp.send('Browser.getVersion')).rejects.toThrow(/closed/);
  });

  it('hands a claimed session to its owner and keeps it from the connection’s own listeners', async () => {
    const b = fakeBrowser();
    const own: string[] = [];
    const claimed: string[] = [];
    b.cdp.on('event', (e: { method: string }) => own.push(e.method));
    b.cdp.claim('CALLER', (m) => claimed.push(m.method ?? ''));
    b.fromBrowser.write('{"method":"A","params":{},"sessionId":"CALLER"}\0{"method":"B","params":{}}\0');
    await tick();
    b.cdp.release('CALLER');
    b.fromBrowser.write('{"method":"C","params":{},"sessionId":"CALLER"}\0');
    await tick();
    expect(claimed).toEqual(['A']);
    expect(own).toEqual(['B', 'C']);
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChromeFlags } from './chrome-flags.js';
import { claimedFonts, DEFAULT_FONTS, fontconfigXml, profileFontconfig } from './fontconfig.js';
import { killTree, launchChrome } from './launcher.js';
import { chromePath, noChrome, tempDir } from './test/world.js';

/** The host's font families as fontconfig lists them, or null without fc-list. */
function hostFamilies(env: NodeJS.ProcessEnv = process.env): string[] | null {
  try {
    return execFileSync('fc-list', [':', 'family'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      .toString()
      .split('\n')
      .flatMap((l) => l.split(','))
      .filter(Boolean);
  } catch {
    return null;
  }
}

const host = hostFamilies();
const noFcList = host ? false : 'no fc-list on this machine';
/** The fonts the browser test measures: Debian's (fonts-dejavu-core, fonts-liberation). */
const noHostFonts =
  noChrome ||
  (process.platform !== 'linux' && 'fontconfig profiles are for Linux') ||
  (host && ['DejaVu Sans', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono'].every((f) => host.includes(f))
    ? false
    : 'the host lacks DejaVu Sans or the Liberation fonts');

const HOSTILE = '</string><dir>/</dir>';

describe('fontconfigXml', () => {
  it('escapes a hostile family name: still one <dir> per system folder, the name as text', () => {
    const xml = fontconfigXml({ os: 'windows', fonts: ['Arial', HOSTILE, `a"b'c&d`], cacheDir: '/tmp/c<&>' });
    expect(xml).not.toContain(HOSTILE);
    expect(xml).toContain('<string>&lt;/string&gt;&lt;dir&gt;/&lt;/dir&gt;</string>');
    expect(xml).toContain('<string>a&quot;b&apos;c&amp;d</string>');
    expect(xml).toContain('<cachedir>/tmp/c&lt;&amp;&gt;</cachedir>');
    expect(xml.match(/<dir\b/g)).toHaveLength(4);
    expect(xml).not.toMatch(/<dir[^>]*>\/<\/dir>/);
  });

  it.skipIf(noFcList)('is a file fontconfig reads without complaint, hostile names and all', () => {
    const d = tempDir('facet-fc-xml-');
    try {
      const file = join(d.dir, 'fonts.conf');
      const xml = fontconfigXml({ os: 'windows', fonts: ['Arial', HOSTILE], cacheDir: join(d.dir, 'cache') });
      writeFileSync(file, xml);
      const r = spawnSync('fc-list', [':', 'family'], {
        env: { ...process.env, FONTCONFIG_FILE: file },
        encoding: 'utf8',
      });
      // fontconfig reports a file it cannot parse on stderr and goes on without it.
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const out = r.stdout;
      expect(out).toContain('Arial');
      expect(out).not.toContain('DejaVu');
      expect(out).not.toContain('Liberation');
    } finally {
      d.remove();
    }
  });

  it('drops names XML cannot carry and duplicates; an empty list is the claimed system’s', () => {
    expect(claimedFonts('windows', ['Arial', 'arial', ' Arial ', 'Bad\u0001Name', 'Segoe UI'])).toEqual([
      'Arial',
      'Segoe UI',
    ]);
    expect(claimedFonts('windows', [])).toEqual([...DEFAULT_FONTS.windows]);
    expect(claimedFonts('macos', [])).toContain('Helvetica');
  });

  it('shows Liberation Sans as Arial only when Arial is claimed and Liberation Sans is not', () => {
    const cacheDir = '/c';
    expect(fontconfigXml({ os: 'windows', fonts: ['Arial'], cacheDir })).toMatch(
      /<test name="family"><string>Liberation Sans<\/string><\/test>\s*<edit name="family" mode="assign_replace" binding="strong"><string>Arial<\/string>/,
    );
    expect(fontconfigXml({ os: 'windows', fonts: ['Verdana'], cacheDir })).not.toContain(
      '<test name="family"><string>Liberation Sans</string></test>',
    );
    expect(fontconfigXml({ os: 'windows', fonts: ['Arial', 'Liberation Sans'], cacheDir })).not.toContain(
      '<test name="family"><string>Liberation Sans</string></test>',
    );
  });
});

describe('profileFontconfig', () => {
  it('is null off Linux and for a profile that claims Linux, and writes nothing', async () => {
    const d = tempDir('facet-fc-null-');
    try {
      for (const platform of ['win32', 'darwin'] as const)
        expect(await profileFontconfig({ dir: d.dir, os: 'windows', fonts: [], platform })).toBeNull();
      expect(await profileFontconfig({ dir: d.dir, os: 'linux', fonts: [], platform: 'linux' })).toBeNull();
      expect(existsSync(join(d.dir, 'fonts.conf'))).toBe(false);
    } finally {
      d.remove();
    }
  });

  it('writes fonts.conf into a folder it creates and names it in FONTCONFIG_FILE', async () => {
    const d = tempDir('facet-fc-write-');
    try {
      const dir = join(d.dir, 'profiles', '7');
      const r = await profileFontconfig({ dir, os: 'macos', fonts: [], platform: 'linux' });
      expect(r).toEqual({ env: { FONTCONFIG_FILE: join(dir, 'fonts.conf') } });
      const xml = readFileSync(join(dir, 'fonts.conf'), 'utf8');
      expect(xml).toContain(`<cachedir>${join(dir, 'fontconfig-cache')}</cachedir>`);
      expect(xml).toContain('<string>Helvetica</string>');
      expect(existsSync(join(dir, 'fontconfig-cache'))).toBe(true);
      // A shared cache folder is used as given.
      const shared = join(d.dir, 'shared-cache');
      await profileFontconfig({ dir, os: 'macos', fonts: [], platform: 'linux', cacheDir: shared });
      expect(readFileSync(join(dir, 'fonts.conf'), 'utf8')).toContain(`<cachedir>${shared}</cachedir>`);
    } finally {
      d.remove();
    }
  });
});

/**
 * Measures fonts as sites do: text in `"<candidate>", <fallback>` against the fallback alone, for
 * monospace, sans-serif and serif, at several sizes and strings; a different size means the font
 * is installed. The same through `@font-face { src: local("<candidate>") }`.
 */
const PAGE = `<!doctype html><meta charset="utf-8"><body><script>
window.measure = async (candidates) => {
  const bases = ['monospace', 'sans-serif', 'serif'];
  const samples = [['72px', 'mmmmmmmmmmlli'], ['48px', 'WwQq@#1234567890'], ['30px', 'The quick brown fox jumps over']];
  const style = document.createElement('style');
  style.textContent = candidates.map((c, i) => '@font-face { font-family: "local-' + i + '"; src: local(' + JSON.stringify(c) + '); }').join(' ');
  document.head.appendChild(style);
  await Promise.all(candidates.map((_, i) => document.fonts.load('40px "local-' + i + '"').catch(() => [])));
  const span = document.createElement('span');
  span.style.cssText = 'position:absolute;white-space:nowrap';
  document.body.appendChild(span);
  const size = (family, fontSize, text) => {
    span.style.fontFamily = family; span.style.fontSize = fontSize; span.textContent = text;
    return span.offsetWidth + 'x' + span.offsetHeight;
  };
  const differs = (family) => bases.some((b) => samples.some(([s, t]) => size(family + ', ' + b, s, t) !== size(b, s, t)));
  const out = {};
  candidates.forEach((c, i) => { out[c] = { family: differs(JSON.stringify(c)), local: differs('"local-' + i + '"') }; });
  return out;
};
</script>`;

type Seen = Record<string, { family: boolean; local: boolean }>;

describe.skipIf(noHostFonts)('fonts a page measures in Chromium with the profile’s fontconfig file', () => {
  let server: Server;
  let url: string;
  const data = tempDir('facet-fc-');

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(PAGE);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    data.remove();
  });

  async function measure(env: Record<string, string>, candidates: string[]): Promise<Seen> {
    const dir = tempDir('facet-fc-browser-');
    const b = await launchChrome({
      chromePath: chromePath!,
      args: buildChromeFlags({ userDataDir: dir.dir, headless: true, proxyServer: null, noSandbox: true }),
      userDataDir: dir.dir,
      env,
    });
    try {
      const { targetInfos } = await b.cdp.send<{ targetInfos: { targetId: string; type: string }[] }>(
        'Target.getTargets',
      );
      const { sessionId } = await b.cdp.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId: targetInfos.find((t) => t.type === 'page')!.targetId,
        flatten: true,
      });
      await b.cdp.send('Page.navigate', { url }, sessionId);
      const evaluate = async <T>(expression: string) =>
        (
          await b.cdp.send<{ result: { value: T } }>(
            'Runtime.evaluate',
            { expression, awaitPromise: true, returnByValue: true },
            sessionId,
          )
        ).result.value;
      for (let i = 0; i < 200 && !(await evaluate<boolean>(`typeof measure === 'function'`)); i++)
        await new Promise((r) => setTimeout(r, 25));
      return await evaluate<Seen>(`measure(${JSON.stringify(candidates)})`);
    } finally {
      killTree(b.process);
      await b.exited;
      dir.remove();
    }
  }

  const present = (seen: Seen, names: string[]) => names.filter((n) => seen[n]?.family && seen[n].local);
  const absent = (seen: Seen, names: string[]) => names.filter((n) => seen[n] && !seen[n].family && !seen[n].local);
  const HOST_ONLY = [
    'DejaVu Sans',
    'DejaVu Serif',
    'DejaVu Sans Mono',
    'Liberation Sans',
    'Liberation Serif',
    'Liberation Mono',
  ];
  const OPTIONAL_HOST = ['Noto Sans', 'WenQuanYi Micro Hei', 'Arimo'];
  const WINDOWS = ['Arial', 'Times New Roman', 'Courier New'];

  it('without it, the host’s fonts show by name (so the test can fail)', async () => {
    const seen = await measure({}, ['DejaVu Sans', 'Liberation Sans', 'Arial']);
    expect(seen['DejaVu Sans']).toEqual({ family: true, local: true });
    expect(seen['Liberation Sans']).toEqual({ family: true, local: true });
    // Arial only through Skia's metric class: local("Arial") finds nothing on the bare host.
    expect(seen.Arial).toEqual({ family: true, local: false });
  });

  it('a Windows profile: the host’s own fonts absent, Arial, Times New Roman and Courier New present', async () => {
    const fc = await profileFontconfig({ dir: join(data.dir, 'windows'), os: 'windows', fonts: [] });
    expect(fc).not.toBeNull();
    const names = [...HOST_ONLY, ...OPTIONAL_HOST, ...WINDOWS, 'Segoe UI', 'Verdana', '', ' '];
    const seen = await measure(fc!.env, names);
    expect(absent(seen, [...HOST_ONLY, ...OPTIONAL_HOST])).toEqual([...HOST_ONLY, ...OPTIONAL_HOST]);
    expect(present(seen, WINDOWS)).toEqual(WINDOWS);
    // No substitute on a stock Linux: absent, as on a Windows without them.
    expect(absent(seen, ['Segoe UI', 'Verdana', '', ' '])).toEqual(['Segoe UI', 'Verdana', '', ' ']);
  });

  it('a macOS profile: Helvetica, Times, Courier and Menlo present, DejaVu Sans Mono absent', async () => {
    const fc = await profileFontconfig({ dir: join(data.dir, 'macos'), os: 'macos', fonts: [] });
    const mac = ['Helvetica', 'Arial', 'Courier', 'Courier New', 'Times New Roman', 'Menlo'];
    const seen = await measure(fc!.env, [...mac, 'Times', 'DejaVu Sans Mono', 'Liberation Sans', 'Monaco']);
    expect(present(seen, mac)).toEqual(mac);
    // As on a Mac: local("Times") finds nothing (its full name is "Times Roman"); the family shows.
    expect(seen.Times?.family).toBe(true);
    expect(absent(seen, ['DejaVu Sans Mono', 'Liberation Sans', 'Monaco'])).toEqual([
      'DejaVu Sans Mono',
      'Liberation Sans',
      'Monaco',
    ]);
  });

  it('a host font the profile claims stays, under its own name', async () => {
    const fc = await profileFontconfig({
      dir: join(data.dir, 'claims'),
      os: 'windows',
      fonts: ['Arial', 'DejaVu Sans', HOSTILE],
    });
    const seen = await measure(fc!.env, ['Arial', 'DejaVu Sans', 'DejaVu Serif', 'Liberation Sans', 'Times New Roman']);
    expect(present(seen, ['Arial', 'DejaVu Sans'])).toEqual(['Arial', 'DejaVu Sans']);
    expect(absent(seen, ['DejaVu Serif', 'Liberation Sans', 'Times New Roman'])).toEqual([
      'DejaVu Serif',
      'Liberation Sans',
      'Times New Roman',
    ]);
  });
});

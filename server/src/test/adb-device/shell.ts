/// <reference path="../../types/adbkit-apkreader.d.ts" />
// The part of Android's /system/bin/sh and its tools a cloud phone client uses. A command line is
// split on `;`, `&&`, `||` and `|` (a pipe: the output is the next command's input) with sh
// quoting (single quotes, double quotes, backslashes); an
// unquoted `*` in a path expands against the folder's entries.
import { connect } from 'node:net';
import { posix } from 'node:path';
import ApkReader, { type ApkManifest } from '@devicefarmer/adbkit-apkreader';
import { screenPng } from './png.js';
import { type DeviceState, displaySize, isDir, listDir, mkdirs, normalize, remove, writeFile } from './state.js';

interface Word {
  text: string;
  glob: boolean;
  /** An unquoted redirection operator starts the word (`<`, `>`, `>>`, `2>`, `2>&1`). */
  redirect?: boolean;
}
interface Command {
  words: Word[];
  /** How the command is joined to the one before it ('|': it reads that one's output). */
  after: ';' | '&&' | '||' | '|';
}
interface Result {
  out: string | Uint8Array;
  code: number;
}

export function parseCommandLine(line: string): Command[] {
  const commands: Command[] = [];
  let words: Word[] = [];
  let after: Command['after'] = ';';
  let text = '';
  let glob = false;
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push({ text, glob });
    text = '';
    glob = false;
    inWord = false;
  };
  const endCommand = (next: Command['after']) => {
    endWord();
    if (words.length) commands.push({ words, after });
    words = [];
    after = next;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      text += line.slice(i + 1, end === -1 ? undefined : end);
      inWord = true;
      i = end === -1 ? line.length : end;
    } else if (c === '"') {
      inWord = true;
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) i++;
        text += line[i];
      }
    } else if (c === '\\') {
      text += line[++i] ?? '';
      inWord = true;
    } else if (c === ';' || c === '\n') {
      endCommand(';');
    } else if (c === '&' && line[i + 1] === '&') {
      endCommand('&&');
      i++;
    } else if (c === '|' && line[i + 1] === '|') {
      endCommand('||');
      i++;
    } else if (c === '|') {
      endCommand('|');
    } else if (c === ' ' || c === '\t') {
      endWord();
    } else {
      if (c === '*') glob = true;
      if (c === '<' || c === '>' || (!inWord && /\d/.test(c) && line[i + 1] === '>')) {
        const op = /^\d?(>>|>&\d?|>|<)/.exec(line.slice(i))?.[0] ?? c;
        endWord();
        words.push({ text: op, glob: false, redirect: true });
        i += op.length - 1;
        continue;
      }
      text += c;
      inWord = true;
    }
  }
  endCommand(';');
  return commands;
}

function expand(state: DeviceState, word: Word): string[] {
  if (!word.glob || !word.text.startsWith('/')) return [word.text];
  const dir = posix.dirname(word.text);
  const pattern = new RegExp(
    `^${posix
      .basename(word.text)
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  const names = isDir(state, dir) ? listDir(state, dir).filter((n) => pattern.test(n)) : [];
  return names.length ? names.map((n) => posix.join(dir, n)) : [word.text];
}

const ok = (out: string | Uint8Array = ''): Result => ({ out, code: 0 });
const fail = (out: string, code = 1): Result => ({ out, code });

const SYSTEM_PACKAGES = ['android', 'com.android.settings', 'com.android.systemui', 'com.android.shell'];

async function pm(state: DeviceState, args: string[]): Promise<Result> {
  const [sub, ...rest] = args;
  const operands = rest.filter((a) => !a.startsWith('-'));
  switch (sub) {
    case 'list': {
      if (operands[0] !== 'packages') return fail(`Error: unknown list type '${operands[0] ?? ''}'\n`, 255);
      const names = rest.includes('-3') ? [...state.packages.keys()] : [...SYSTEM_PACKAGES, ...state.packages.keys()];
      return ok(names.map((n) => `package:${n}\n`).join(''));
    }
    case 'install': {
      const path = operands[operands.length - 1];
      if (!path) return fail('Error: no package specified\n', 255);
      const apk = state.files.get(normalize(path));
      if (!apk) return fail(`Failure [INSTALL_FAILED_INVALID_APK: Failed to read ${path}]\n`);
      let manifest: ApkManifest;
      try {
        manifest = await (await ApkReader.open(Buffer.from(apk))).readManifest();
      } catch (e) {
        return fail(`Failure [INSTALL_FAILED_INVALID_APK: ${e instanceof Error ? e.message : String(e)}]\n`);
      }
      if (!manifest.package) return fail('Failure [INSTALL_FAILED_INVALID_APK: no package name]\n');
      const before = state.packages.get(manifest.package);
      const versionCode = Number(manifest.versionCode ?? 0);
      if (before && before.versionCode > versionCode && !rest.includes('-d')) {
        return fail(
          `Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code ${versionCode} is older than current ${before.versionCode}]\n`,
        );
      }
      const installed = `/data/app/${manifest.package}-1/base.apk`;
      writeFile(state, installed, apk);
      state.packages.set(manifest.package, {
        versionName: String(manifest.versionName ?? ''),
        versionCode,
        path: installed,
      });
      return ok('Success\n');
    }
    case 'uninstall': {
      const name = operands[0] ?? '';
      const app = state.packages.get(name);
      if (!app) return fail('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
      state.packages.delete(name);
      remove(state, posix.dirname(app.path));
      remove(state, `/data/data/${name}`);
      return ok('Success\n');
    }
    case 'clear': {
      const name = operands[0] ?? '';
      if (!state.packages.has(name) && !SYSTEM_PACKAGES.includes(name)) return fail('Failed\n');
      remove(state, `/data/data/${name}`);
      return ok('Success\n');
    }
    case 'path': {
      const app = state.packages.get(operands[0] ?? '');
      return app ? ok(`package:${app.path}\n`) : fail('');
    }
    default:
      return fail(`Unknown command: ${sub ?? ''}\n`, 255);
  }
}

const NAMESPACES = ['global', 'secure', 'system'] as const;

function settings(state: DeviceState, args: string[]): Result {
  const [verb, ns, key, ...value] = args;
  const table = NAMESPACES.find((n) => n === ns);
  if (!table) return fail(`Invalid namespace '${ns ?? ''}'\n`, 255);
  const map = state.settings[table];
  switch (verb) {
    case 'get':
      return ok(`${map.get(key ?? '') ?? 'null'}\n`);
    case 'put':
      if (!key || !value.length) return fail('Usage: settings put NAMESPACE KEY VALUE\n', 255);
      map.set(key, value.join(' '));
      return ok();
    case 'delete':
      return ok(`Deleted ${map.delete(key ?? '') ? 1 : 0} rows\n`);
    case 'list':
      return ok(
        [...map.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => `${k}=${v}\n`)
          .join(''),
      );
    default:
      return fail(`Invalid command: ${verb ?? ''}\n`, 255);
  }
}

/** input's optional first word: where the event comes from. */
const INPUT_SOURCES = ['touchscreen', 'touchpad', 'mouse', 'keyboard', 'dpad', 'gamepad', 'stylus', 'trackball'];
const INPUT_ARGS: Record<string, { min: number; max: number; numeric: boolean }> = {
  tap: { min: 2, max: 2, numeric: true },
  swipe: { min: 4, max: 5, numeric: true },
  text: { min: 1, max: Number.POSITIVE_INFINITY, numeric: false },
  keyevent: { min: 1, max: Number.POSITIVE_INFINITY, numeric: false },
};

/**
 * `input [<source>] tap x y | swipe x1 y1 x2 y2 [ms] | text <t> | keyevent <code>…`, each recorded
 * as its command line (a long press is a swipe that stays put for its ms); numbers are checked as
 * Android's input does.
 */
function input(state: DeviceState, args: string[], line: string): Result {
  const [command = '', ...rest] = INPUT_SOURCES.includes(args[0] ?? '') ? args.slice(1) : args;
  const want = INPUT_ARGS[command];
  if (!want || rest.length < want.min || rest.length > want.max)
    return fail(`Error: Unknown command: ${command}\nUsage: input [<source>] <command> [<arg>...]\n`);
  const bad = want.numeric ? rest.find((a) => !/^-?\d+(\.\d+)?$/.test(a)) : undefined;
  if (bad !== undefined)
    return fail(
      `Exception occurred while executing '${command}':\njava.lang.NumberFormatException: For input string: "${bad}"\n`,
    );
  state.inputs.push(line);
  return ok();
}

async function run(state: DeviceState, words: string[], stdin: Uint8Array = new Uint8Array()): Promise<Result> {
  const [name = '', ...args] = words;
  const line = words.join(' ');
  switch (name) {
    case 'getprop': {
      if (args[0] !== undefined) return ok(`${state.props.get(args[0]) ?? ''}\n`);
      return ok(
        [...state.props.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => `[${k}]: [${v}]\n`)
          .join(''),
      );
    }
    case 'setprop': {
      const [k, v = ''] = args;
      if (!k) return fail('usage: setprop NAME VALUE\n');
      if (k.startsWith('ro.') && state.props.has(k)) {
        return fail(`Failed to set property '${k}' to '${v}'.\nSee dmesg for error reason.\n`);
      }
      state.props.set(k, v);
      return ok();
    }
    case 'settings':
      return settings(state, args);
    case 'pm':
      return pm(state, args);
    case 'rm': {
      const force = args.some((a) => a.startsWith('-') && a.includes('f'));
      const recursive = args.some((a) => a.startsWith('-') && /[rR]/.test(a));
      let out = '';
      let code = 0;
      for (const path of args.filter((a) => !a.startsWith('-'))) {
        const p = normalize(path);
        if (isDir(state, p) && !state.files.has(p) && !recursive) {
          out += `rm: ${path}: Is a directory\n`;
          code = 1;
        } else if (!remove(state, p) && !force) {
          out += `rm: ${path}: No such file or directory\n`;
          code = 1;
        }
      }
      return { out, code };
    }
    case 'mkdir': {
      const parents = args.includes('-p');
      let out = '';
      for (const dir of args.filter((a) => !a.startsWith('-'))) {
        const p = normalize(dir);
        if (!parents && !isDir(state, posix.dirname(p))) out += `mkdir: '${dir}': No such file or directory\n`;
        else if (!parents && isDir(state, p)) out += `mkdir: '${dir}': File exists\n`;
        else mkdirs(state, p);
      }
      return { out, code: out ? 1 : 0 };
    }
    case 'ls': {
      const target = args.find((a) => !a.startsWith('-')) ?? '/';
      const p = normalize(target);
      if (state.files.has(p)) return ok(`${target}\n`);
      if (!isDir(state, p)) return fail(`ls: ${target}: No such file or directory\n`);
      return ok(
        listDir(state, p)
          .map((n) => `${n}\n`)
          .join(''),
      );
    }
    case 'cat': {
      const parts: Uint8Array[] = [];
      for (const path of args) {
        const data = state.files.get(normalize(path));
        if (!data) {
          const why = isDir(state, path) ? 'Is a directory' : 'No such file or directory';
          return { out: Buffer.concat([...parts, Buffer.from(`cat: ${path}: ${why}\n`)]), code: 1 };
        }
        parts.push(data);
      }
      return ok(Buffer.concat(parts));
    }
    case 'screencap':
      if (!args.includes('-p')) return fail('screencap: only -p (PNG) is available on this device\n');
      return ok(screenPng(displaySize(state).width, displaySize(state).height, state.tint));
    case 'input':
      return input(state, args, line);
    case 'wm':
      if (args[0] === 'size' && args.length === 1) {
        return ok(`Physical size: ${state.screen.width}x${state.screen.height}\n`);
      }
      return fail(`Unknown command: ${args.join(' ')}\n`, 255);
    case 'cmd':
      if (args[0] === 'alarm' && args[1] === 'set-timezone' && args[2]) {
        state.props.set('persist.sys.timezone', args[2]);
        return ok();
      }
      if (args[0] === 'location' && args[1] === 'providers') return locationProviders(state, args.slice(2));
      return fail(`Can't find service: ${args[0] ?? ''}\n`, 20);
    case 'appops': {
      const [verb, pkg, op, mode] = args;
      if (verb !== 'set' || !pkg || !op || !mode) return fail('Error: unsupported appops command\n', 255);
      if (op === 'android:mock_location' && !state.allowMockLocation) {
        return fail(
          `Error: java.lang.SecurityException: ${pkg} cannot be a mock location app: mock locations are not allowed on this device\n`,
          255,
        );
      }
      if (op === 'android:mock_location') {
        if (mode === 'allow') state.mockLocationApps.add(pkg);
        else state.mockLocationApps.delete(pkg);
      }
      return ok();
    }
    case 'am':
      if (args[0] === 'broadcast') {
        return ok(`Broadcasting: Intent { ${args.slice(1).join(' ')} }\nBroadcast completed: result=0\n`);
      }
      return fail(`Error: unknown command '${args[0] ?? ''}'\n`, 255);
    case 'echo':
      return ok(`${args.join(' ')}\n`);
    case 'printf':
      return ok(printf(args));
    case 'toybox':
      return run(state, args, stdin);
    case 'nc':
      return nc(args, stdin);
    case 'id':
      return ok('uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log) context=u:r:shell:s0\n');
    case 'true':
      return ok();
    case 'content':
      return content(state, args);
    default:
      return fail(`/system/bin/sh: ${name}: inaccessible or not found\n`, 127);
  }
}

/**
 * `content query --uri content://sms/inbox [--projection a:b:c] [--sort "date DESC"]`: the inbox
 * as Android prints rows (`Row: 0 _id=1, address=…, body=…, date=…`), or "No result found.".
 */
function content(state: DeviceState, args: string[]): Result {
  const opt = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (args[0] !== 'query' || !opt('--uri')) return fail('usage: content [subcommand] [options]\n');
  if (opt('--uri') !== 'content://sms/inbox')
    return fail(`Error while accessing provider:${opt('--uri')}\njava.lang.IllegalArgumentException: Unknown URL\n`);
  const columns = (opt('--projection') ?? '_id:address:body:date').split(':');
  const rows = state.sms.map((m, i) => ({ _id: i + 1, ...m }));
  const sort = opt('--sort') ?? '';
  if (/^date DESC$/i.test(sort)) rows.sort((a, b) => b.date - a.date);
  else if (/^date( ASC)?$/i.test(sort)) rows.sort((a, b) => a.date - b.date);
  if (!rows.length) return ok('No result found.\n');
  return ok(
    rows
      .map(
        (r, i) =>
          `Row: ${i} ${columns.map((c) => `${c}=${String((r as Record<string, unknown>)[c] ?? 'NULL')}`).join(', ')}\n`,
      )
      .join(''),
  );
}

/** Runs a command line as `sh -c` does; the whole output (stdout and stderr together). */
export async function runShell(state: DeviceState, line: string): Promise<Uint8Array> {
  const out: Uint8Array[] = [];
  let code = 0;
  const commands = parseCommandLine(line);
  let piped: Uint8Array = new Uint8Array();
  for (const [n, command] of commands.entries()) {
    if ((command.after === '&&' && code !== 0) || (command.after === '||' && code === 0)) continue;
    const stdin = command.after === '|' ? piped : new Uint8Array();
    // Redirections: input ones and `2>&1` change nothing here (output is one stream already);
    // `> file` / `>> file` write the output there instead.
    const words: string[] = [];
    let target: { path: string; append: boolean } | undefined;
    for (let i = 0; i < command.words.length; i++) {
      const w = command.words[i] as Word;
      if (!w.redirect) {
        words.push(...expand(state, w));
        continue;
      }
      if (w.text.endsWith('&') || /&\d$/.test(w.text)) {
        if (w.text.endsWith('&')) i++;
        continue;
      }
      const path = command.words[++i]?.text ?? '';
      if (w.text.includes('>') && !w.text.startsWith('2')) target = { path, append: w.text.endsWith('>>') };
    }
    const result = words.length ? await run(state, words, stdin) : ok();
    const bytes = typeof result.out === 'string' ? Buffer.from(result.out) : result.out;
    if (commands[n + 1]?.after === '|' && !target) piped = bytes;
    else if (target && normalize(target.path) !== '/dev/null') {
      const before = target.append ? (state.files.get(normalize(target.path)) ?? new Uint8Array()) : new Uint8Array();
      writeFile(state, target.path, Buffer.concat([before, bytes]));
    } else if (!target) {
      out.push(bytes);
    }
    code = result.code;
  }
  return Buffer.concat(out);
}

/** `cmd location providers …` as Android 12+ answers it: only for a shell allowed to mock locations. */
function locationProviders(state: DeviceState, args: string[]): Result {
  if (Number(state.props.get('ro.build.version.sdk') ?? 0) < 31) return fail('Unknown command: providers\n', 255);
  const [verb, name, ...rest] = args;
  if (!name) return fail('Error: provider name required\n', 255);
  if (!state.mockLocationApps.has('com.android.shell'))
    return fail(
      'Exception occurred while executing: java.lang.SecurityException: com.android.shell is not allowed to mock location\n',
      255,
    );
  const provider = state.testProviders.get(name);
  switch (verb) {
    case 'add-test-provider':
      state.testProviders.set(name, provider ?? { enabled: false, location: null });
      return ok();
    case 'set-test-provider-enabled':
      if (!provider)
        return fail(
          `Exception occurred while executing: java.lang.IllegalArgumentException: provider "${name}" does not exist\n`,
          255,
        );
      provider.enabled = rest[0] === 'true';
      return ok();
    case 'set-test-provider-location': {
      const at = rest[rest.indexOf('--location') + 1] ?? '';
      const [lat, lon] = at.split(',').map(Number);
      if (!provider || lat === undefined || lon === undefined || Number.isNaN(lat) || Number.isNaN(lon))
        return fail('Exception occurred while executing: java.lang.IllegalArgumentException: bad location\n', 255);
      provider.location = { latitude: lat, longitude: lon };
      return ok();
    }
    default:
      return fail(`Unknown command: ${verb ?? ''}\n`, 255);
  }
}

/** printf FORMAT ARG…: `%s` and `%%`, the escapes `\r` `\n` `\t` `\\`; the format is reused while arguments remain. */
function printf(args: string[]): string {
  const [format = '', ...rest] = args;
  const escaped = format.replace(/\\([rnt\\])/g, (_, c: string) => ({ r: '\r', n: '\n', t: '\t', '\\': '\\' })[c] ?? c);
  let out = '';
  let i = 0;
  do {
    out += escaped.replace(/%([s%])/g, (_, c: string) => (c === '%' ? '%' : (rest[i++] ?? '')));
  } while (i < rest.length);
  return out;
}

/**
 * toybox nc HOST PORT [-w SECONDS]: a real TCP connection from the test process (so a check the
 * server asks of the device really reaches the address), its input written, everything received
 * until the other side closes (or nothing arrived for -w seconds) as output.
 */
function nc(args: string[], stdin: Uint8Array): Promise<Result> {
  const operands: string[] = [];
  let waitS = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-w') waitS = Number(args[++i] ?? 0);
    else if (!args[i]?.startsWith('-')) operands.push(args[i] as string);
  }
  const [host, port] = operands;
  if (!host || !port || !/^\d+$/.test(port)) return Promise.resolve(fail('usage: nc [-w SECS] HOST PORT\n'));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host, port: Number(port) });
    if (waitS > 0) socket.setTimeout(waitS * 1000, () => socket.destroy());
    socket.on('connect', () => socket.write(stdin));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      resolve(
        fail(`nc: connect to ${host} port ${port}: ${e.code === 'ECONNREFUSED' ? 'Connection refused' : e.message}\n`),
      ),
    );
    socket.on('close', () => resolve(ok(Buffer.concat(chunks))));
  });
}

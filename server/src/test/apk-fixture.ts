// A minimal real APK for tests: a zip whose AndroidManifest.xml is Android's binary XML (a string
// pool, the attributes' resource ids, namespace and element chunks), as aapt writes it. It has no
// code and no resource table: the label is a plain string attribute and the icon a path to a PNG
// inside the zip.
import { zipSync } from 'fflate';
import { screenPng } from './adb-device/png.js';

export interface TestApk {
  packageName: string;
  versionName: string;
  versionCode: number;
  label: string;
  /** The launcher icon's PNG (a 48×48 one by default), stored at res/mipmap/ic_launcher.png. */
  iconPng?: Uint8Array;
}

const ICON_PATH = 'res/mipmap/ic_launcher.png';
const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
/** android.R.attr ids of the attributes used, in the string pool's order. */
const ATTRIBUTES: [string, number][] = [
  ['label', 0x01010001],
  ['icon', 0x01010002],
  ['versionCode', 0x0101021b],
  ['versionName', 0x0101021c],
];
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(headerSize, 2);
  head.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}

function u32s(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  for (const [i, v] of values.entries()) b.writeInt32LE(v, i * 4);
  return b;
}

function stringPool(strings: string[]): Buffer {
  const data: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const s of strings) {
    const bytes = Buffer.from(s, 'utf8');
    if (bytes.length > 0x7f || s.length > 0x7f) throw new Error(`test APK strings stay under 128 bytes: ${s}`);
    const entry = Buffer.concat([Buffer.from([s.length, bytes.length]), bytes, Buffer.from([0])]);
    offsets.push(at);
    at += entry.length;
    data.push(entry);
  }
  let strs = Buffer.concat(data);
  if (strs.length % 4) strs = Buffer.concat([strs, Buffer.alloc(4 - (strs.length % 4))]);
  const headerSize = 28;
  const UTF8 = 1 << 8;
  const head = u32s(strings.length, 0, UTF8, headerSize + offsets.length * 4, 0);
  return chunk(0x0001, headerSize, Buffer.concat([head, u32s(...offsets), strs]));
}

export function buildTestApk(apk: TestApk): Buffer {
  const strings = [
    ...ATTRIBUTES.map(([name]) => name),
    'android',
    ANDROID_NS,
    'package',
    'manifest',
    'application',
    apk.packageName,
    apk.versionName,
    apk.label,
    ICON_PATH,
  ];
  const at = (s: string) => strings.indexOf(s);
  const ns = at(ANDROID_NS);
  const attr = (nsIndex: number, name: string, type: number, data: number, raw: number) =>
    Buffer.concat([u32s(nsIndex, at(name), raw), Buffer.from([8, 0, 0, type]), u32s(data)]);
  const stringAttr = (nsIndex: number, name: string, value: string) =>
    attr(nsIndex, name, TYPE_STRING, at(value), at(value));
  const start = (name: string, attrs: Buffer[]) => {
    const head = u32s(1, -1, -1, at(name));
    const layout = Buffer.alloc(12);
    layout.writeUInt16LE(20, 0); // attributes start
    layout.writeUInt16LE(20, 2); // attribute size
    layout.writeUInt16LE(attrs.length, 4);
    return chunk(0x0102, 16, Buffer.concat([head, layout, ...attrs]));
  };
  const end = (name: string) => chunk(0x0103, 16, u32s(1, -1, -1, at(name)));
  const body = Buffer.concat([
    stringPool(strings),
    chunk(0x0180, 8, u32s(...ATTRIBUTES.map(([, id]) => id))),
    chunk(0x0100, 16, u32s(1, -1, at('android'), ns)),
    start('manifest', [
      attr(ns, 'versionCode', TYPE_INT_DEC, apk.versionCode, -1),
      stringAttr(ns, 'versionName', apk.versionName),
      stringAttr(-1, 'package', apk.packageName),
    ]),
    start('application', [stringAttr(ns, 'label', apk.label), stringAttr(ns, 'icon', ICON_PATH)]),
    end('application'),
    end('manifest'),
    chunk(0x0101, 16, u32s(1, -1, at('android'), ns)),
  ]);
  const manifest = chunk(0x0003, 8, body);
  const mtime = new Date('2020-01-01T00:00:00Z');
  return Buffer.from(
    zipSync({
      'AndroidManifest.xml': [manifest, { mtime }],
      [ICON_PATH]: [apk.iconPng ?? screenPng(48, 48), { mtime, level: 0 }],
    }),
  );
}

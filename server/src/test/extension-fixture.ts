import { zipSync } from 'fflate';

/** A 1×1 PNG, for manifest icons. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export interface ExtensionFixture {
  name?: string;
  version?: string;
  description?: string;
  manifestVersion?: number;
  /**
   * A content script run at document_start on every page: by default it marks the page with
   * `data-facet-extension="<name>"` on <html>, which a test reads to see the extension loaded.
   */
  contentScript?: string;
  /** Put every file under this folder, as zipping an extension's folder does. */
  folder?: string;
  /** Extra or replacing files (path → text). */
  files?: Record<string, string>;
  /** The icon's PNG bytes (a 1×1 PNG by default); null: the manifest names no icon. */
  icon?: Uint8Array | null;
  /** The manifest's permissions (e.g. storage). */
  permissions?: string[];
  /** Replace manifest.json by this text. */
  manifestText?: string;
}

/** A real, loadable Chrome extension packed as a zip. */
export function extensionZip(o: ExtensionFixture = {}): Buffer {
  const name = o.name ?? 'Facet Test Extension';
  const manifest = {
    manifest_version: o.manifestVersion ?? 3,
    name,
    version: o.version ?? '1.0.0',
    description: o.description ?? 'Marks every page it runs on',
    ...(o.icon === null ? {} : { icons: { '16': 'icon.png', '48': 'icon.png' } }),
    ...(o.permissions ? { permissions: o.permissions } : {}),
    content_scripts: [{ matches: ['<all_urls>'], js: ['content.js'], run_at: 'document_start', all_frames: false }],
  };
  const script =
    o.contentScript ?? `document.documentElement.setAttribute('data-facet-extension', ${JSON.stringify(name)});`;
  const files: Record<string, Uint8Array> = {
    'manifest.json': Buffer.from(o.manifestText ?? JSON.stringify(manifest, null, 2)),
    'content.js': Buffer.from(script),
  };
  if (o.icon !== null) files['icon.png'] = o.icon ?? PNG_1X1;
  for (const [p, text] of Object.entries(o.files ?? {})) files[p] = Buffer.from(text);
  const prefix = o.folder ? `${o.folder}/` : '';
  return Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([p, d]) => [prefix + p, [d, { mtime: new Date('2020-01-01T00:00:00Z') }]]),
      ),
    ),
  );
}

/** The zip wrapped in a CRX3 header (the header's proof is not checked by Facet; Chrome checks it when installing from a store). */
export function crx3Of(zip: Buffer): Buffer {
  const header = Buffer.from([0x0a, 0x00]); // an empty CrxFileHeader protobuf is enough for parsing
  const head = Buffer.alloc(12);
  head.write('Cr24', 0, 'latin1');
  head.writeUInt32LE(3, 4);
  head.writeUInt32LE(header.length, 8);
  return Buffer.concat([head, header, zip]);
}

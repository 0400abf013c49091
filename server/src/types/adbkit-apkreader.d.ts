// @devicefarmer/adbkit-apkreader ships no types: the part Facet reads (docs/phones.md, Apps).
declare module '@devicefarmer/adbkit-apkreader' {
  export interface ApkManifest {
    package?: string;
    versionName?: string;
    versionCode?: number;
    application?: { label?: string; icon?: string };
  }
  export interface ApkReader {
    readManifest(): Promise<ApkManifest>;
    readContent(path: string): Promise<Buffer>;
  }
  const Reader: { open(apk: Buffer | string): Promise<ApkReader> };
  export default Reader;
}

/**
 * The client's version, shown by configs/all and the bridge. A constant rather than a read of
 * package.json: bundled (dist/headless.js, Electron's main) the file is not where the source
 * expects it. version.test.ts keeps it equal to electron/package.json; Electron may pass
 * app.getVersion() instead (startClient's clientVersion).
 */
export const CLIENT_VERSION = '0.1.0';

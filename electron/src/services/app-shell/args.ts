/**
 * How main tells the sandboxed preload what it cannot ask over IPC before the console's first
 * style is written (webPreferences.additionalArguments): the client's version and the nonce the
 * window's CSP lets style elements carry.
 */
export const CLIENT_VERSION_ARG = '--facet-client-version=';
export const STYLE_NONCE_ARG = '--facet-style-nonce=';

export function clientVersionArg(version: string): string {
  return `${CLIENT_VERSION_ARG}${version}`;
}
export function styleNonceArg(nonce: string): string {
  return `${STYLE_NONCE_ARG}${nonce}`;
}

const readArg = (argv: readonly string[], prefix: string) => {
  const a = argv.find((x) => x.startsWith(prefix));
  return a ? a.slice(prefix.length) : '';
};
export const readClientVersion = (argv: readonly string[]) => readArg(argv, CLIENT_VERSION_ARG);
export const readStyleNonce = (argv: readonly string[]) => readArg(argv, STYLE_NONCE_ARG);

/** How main tells the sandboxed preload the client's version (webPreferences.additionalArguments). */
export const CLIENT_VERSION_ARG = '--facet-client-version=';

export function clientVersionArg(version: string): string {
  return `${CLIENT_VERSION_ARG}${version}`;
}

export function readClientVersion(argv: readonly string[]): string {
  const a = argv.find((x) => x.startsWith(CLIENT_VERSION_ARG));
  return a ? a.slice(CLIENT_VERSION_ARG.length) : '';
}

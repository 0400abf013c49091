import { config } from 'zod';

/**
 * The desktop app's CSP forbids eval, so zod could never compile its parsers there, and its probe
 * for eval would be reported as a CSP violation. Imported first by main.tsx, before any schema runs.
 */
config({ jitless: true });

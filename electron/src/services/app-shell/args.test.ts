import { describe, expect, it } from 'vitest';
import { clientVersionArg, readClientVersion, readStyleNonce, styleNonceArg } from './args.js';

describe('client version argument', () => {
  it('round-trips through argv', () => {
    expect(readClientVersion(['/electron', '--type=renderer', clientVersionArg('1.4.0')])).toBe('1.4.0');
    expect(readClientVersion(['/electron'])).toBe('');
  });

  it('hands the style nonce to the preload the same way', () => {
    const argv = ['/electron', clientVersionArg('1.4.0'), styleNonceArg('bm9uY2U')];
    expect(readStyleNonce(argv)).toBe('bm9uY2U');
    expect(readStyleNonce(['/electron'])).toBe('');
  });
});

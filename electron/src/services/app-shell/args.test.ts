import { describe, expect, it } from 'vitest';
import { clientVersionArg, readClientVersion } from './args.js';

describe('client version argument', () => {
  it('round-trips through argv', () => {
    expect(readClientVersion(['/electron', '--type=renderer', clientVersionArg('1.4.0')])).toBe('1.4.0');
    expect(readClientVersion(['/electron'])).toBe('');
  });
});

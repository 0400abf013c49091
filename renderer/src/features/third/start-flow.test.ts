import { describe, expect, it } from 'vitest';
import { refusalKey, takeAfter } from './start-flow';

describe('third-party sign-in: where the flow ends', () => {
  it('goes back to a path inside the console once, never to another site', () => {
    sessionStorage.setItem('thirdAfter', '/browser?page=2');
    expect(takeAfter('/')).toBe('/browser?page=2');
    expect(takeAfter('/')).toBe('/');
    for (const outside of ['//evil.test/x', 'https://evil.test/', 'javascript:alert(1)']) {
      sessionStorage.setItem('thirdAfter', outside);
      expect(takeAfter('/profile')).toBe('/profile');
    }
  });

  it('names a refusal by its own text, else the generic one', () => {
    expect(refusalKey({ errors: [{ field: '', key: 'thirdStateInvalid' }] })).toBe('third.errors.thirdStateInvalid');
    expect(refusalKey({ errors: [{ field: 'body.email', key: 'emailInvalid' }] })).toBe('third.errors.generic');
    expect(refusalKey(new Error('network'))).toBe('third.errors.generic');
  });
});

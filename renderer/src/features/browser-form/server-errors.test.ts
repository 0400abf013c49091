import { describe, expect, it } from 'vitest';
import { fieldErrorsFromMessage } from './server-errors';

describe('fieldErrorsFromMessage', () => {
  it('puts each key at its field', () => {
    expect(fieldErrorsFromMessage('body.proxy.host: hostInvalid; body.name: nameSchema')).toEqual({
      'proxy.host': 'hostInvalid',
      name: 'nameSchema',
    });
  });
  it('keeps a reason that itself has colons', () => {
    expect(fieldErrorsFromMessage('cookie: line 3: expected 7 tab-separated fields, found 2')).toEqual({
      cookie: 'line 3: expected 7 tab-separated fields, found 2',
    });
    expect(fieldErrorsFromMessage('body.startupUrls.1: urlInvalid')).toEqual({ 'startupUrls.1': 'urlInvalid' });
  });
  it('keeps text without a field under the empty key', () => {
    expect(fieldErrorsFromMessage('Please complete your global proxy configuration.')).toEqual({
      '': 'Please complete your global proxy configuration.',
    });
  });
});

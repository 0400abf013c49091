import { describe, expect, it } from 'vitest';
import { translateServerMessage } from './server-message';
import type { TransportTexts } from './transport-env';

const texts: TransportTexts = {
  t: (key) => `<${key}>`,
  exists: (key) => ['errors.code.10001', 'validation.telInvalid', 'validation.nameSchema'].includes(key),
};

describe('translateServerMessage', () => {
  it('uses the texts of the rules a refusal names when it knows them all, else the known app code', () => {
    expect(translateServerMessage(texts, 10001, 'wrong', [{ field: 'body.phone', key: 'telInvalid' }])).toBe(
      '<validation.telInvalid>',
    );
    expect(translateServerMessage(texts, 10001, 'wrong', [{ field: 'body.phone', key: 'unknownRule' }])).toBe(
      '<errors.code.10001>',
    );
    expect(translateServerMessage(texts, 10001, 'wrong')).toBe('<errors.code.10001>');
  });

  it('translates each field error by its key, else shows its field and detail', () => {
    const errors = [
      { field: 'body.phone', key: 'telInvalid', detail: 'not a phone' },
      { field: 'body.proxy.host', key: 'hostInvalid', detail: 'has spaces' },
      { field: '', key: 'unknownRule' },
    ];
    expect(translateServerMessage(texts, 400, 'ignored when there are errors', errors)).toBe(
      '<validation.telInvalid>; body.proxy.host: has spaces; unknownRule',
    );
  });

  it('without field errors (older servers) reads the keys out of the message', () => {
    expect(translateServerMessage(texts, 400, 'body.phone: telInvalid; body.x: other')).toBe(
      '<validation.telInvalid>; body.x: other',
    );
    expect(translateServerMessage(texts, 400, 'plain words', [])).toBe('plain words');
    expect(translateServerMessage(texts, 400, '')).toBe('');
  });
});

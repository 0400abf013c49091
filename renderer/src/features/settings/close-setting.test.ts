import { CLOSE_ACTIONS } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { closeChoiceOf, parseBaseSetting, withCloseChoice } from './close-setting';

describe('close setting (browserBaseSetting.closeaction)', () => {
  it('reads the saved action; anything else means ask each time', () => {
    expect(closeChoiceOf(parseBaseSetting('{"closeaction":1}'))).toBe(CLOSE_ACTIONS.tray);
    expect(closeChoiceOf(parseBaseSetting('{"closeaction":"2"}'))).toBe(CLOSE_ACTIONS.quit);
    expect(closeChoiceOf(parseBaseSetting('{"closeaction":7}'))).toBe('ask');
    expect(closeChoiceOf(parseBaseSetting(null))).toBe('ask');
    expect(closeChoiceOf(parseBaseSetting('not json'))).toBe('ask');
    expect(closeChoiceOf(parseBaseSetting('[1]'))).toBe('ask');
  });

  it('keeps the other preferences of the value when saving', () => {
    const s = parseBaseSetting('{"zoom":110,"closeaction":1}');
    expect(JSON.parse(withCloseChoice(s, CLOSE_ACTIONS.quit))).toEqual({ zoom: 110, closeaction: 2 });
    expect(JSON.parse(withCloseChoice(s, 'ask'))).toEqual({ zoom: 110 });
  });
});

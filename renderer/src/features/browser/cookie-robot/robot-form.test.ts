import { parseSites } from '@facet/shared';
import { describe, expect, it } from 'vitest';
import { ROBOT_DEFAULTS, robotBody, robotField } from './robot-form';

describe('the cookie robot form', () => {
  it('sends the parsed sites and the numbers as typed, an empty number as not a number', () => {
    const form = { ...ROBOT_DEFAULTS, text: 'a.test\na.test\nb.test', clicks: '' };
    expect(robotBody(form, parseSites(form.text), [7, 9])).toEqual({
      profileIds: [7, 9],
      sites: ['https://a.test', 'https://b.test'],
      dwellSec: { min: 10, max: 30 },
      scrolls: 3,
      clicks: Number.NaN,
    });
  });

  it('puts each server refusal at its field of the form', () => {
    expect(robotField('body.sites')).toBe('text');
    expect(robotField('body.sites.3')).toBe('text');
    expect(robotField('body.dwellSec.min')).toBe('dwellMin');
    expect(robotField('body.dwellSec.max')).toBe('dwellMax');
    expect(robotField('body.dwellSec')).toBe('dwellMax');
    expect(robotField('body.clicks')).toBe('clicks');
    expect(robotField('body.profileIds.0')).toBe('profileIds');
    expect(robotField('')).toBe('');
  });
});

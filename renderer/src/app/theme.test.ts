import { describe, expect, it } from 'vitest';
import { makeTheme } from './theme';

describe('theme', () => {
  it('moves nothing for a person who asked their system for reduced motion', () => {
    const still = makeTheme(false, true);
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.transitions.duration.enteringScreen).toBe(0);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(still.components?.MuiSkeleton?.defaultProps?.animation).toBe(false);
    // The rest of the theme is the same one.
    expect(still.palette.primary.main).toBe(makeTheme(false).palette.primary.main);
    expect(still.components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
  });

  it('keeps the motion by default', () => {
    const moving = makeTheme(true);
    expect(moving.transitions.create('opacity')).toContain('opacity');
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
});

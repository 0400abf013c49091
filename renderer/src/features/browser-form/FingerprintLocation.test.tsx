import type { Fingerprint } from '@facet/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FingerprintLocation } from './FingerprintLocation';

const fp = {
  languages: { mode: 'custom', value: ['ja-JP', 'ja'] },
  timeZone: { mode: 'custom', value: 'Asia/Tokyo' },
  geolocation: { mode: 'ask' },
} as unknown as Fingerprint;

describe('the time-zone picker', () => {
  it('shows the zone with its offset and its name in the user’s language', () => {
    render(<FingerprintLocation fp={fp} setFp={vi.fn()} e={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(input.value).toMatch(/^\(UTC\+09:00\) .+ — Asia\/Tokyo$/);
  });
});

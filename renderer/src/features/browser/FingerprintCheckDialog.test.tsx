import type { CheckContextResult, FingerprintCheck } from '@facet/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FingerprintCheckDialog } from './FingerprintCheckDialog';

const values = (over: Record<string, string> = {}) => ({
  'navigator.userAgent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/147.0.0.0 Safari/537.36',
  'navigator.languages': 'de-DE,de',
  timeZone: 'Europe/Berlin',
  ...over,
});
const ran = (context: CheckContextResult['context'], over?: Record<string, string>): CheckContextResult => ({
  context,
  ran: true,
  error: '',
  values: values(over),
});

const OK: FingerprintCheck = {
  id: 7,
  checkedAt: '2025-01-01T10:00:00.000Z',
  engine: 'Chrome/147.0.7727.55',
  contexts: [ran('page'), ran('sameOriginFrame'), ran('crossOriginFrame'), ran('dedicatedWorker')],
  findings: [],
  fingerprintHash: '3f9a2c41d07be5a8c61f0e9d4b72a1c3',
  durationMs: 2480,
};

const WITH_FINDINGS: FingerprintCheck = {
  ...OK,
  contexts: [
    ran('page', { webdriver: 'false' }),
    ran('dedicatedWorker', { timeZone: 'UTC' }),
    { context: 'serviceWorker', ran: false, error: 'registration timed out after 5 s', values: {} },
  ],
  findings: [
    { kind: 'context', subject: 'timeZone', where: ['dedicatedWorker'], expected: 'Europe/Berlin', actual: 'UTC' },
    {
      kind: 'claim',
      subject: 'navigator.userAgent',
      where: ['page'],
      expected: 'Chrome/147',
      actual: 'Chrome/131',
    },
    {
      kind: 'patch',
      subject: 'Navigator.prototype.platform',
      where: ['page', 'dedicatedWorker'],
      expected: 'function get platform() { [native code] }',
      actual: 'function () { return "Win32" }',
    },
  ],
};

const show = (p: Partial<Parameters<typeof FingerprintCheckDialog>[0]> = {}) => {
  const onAgain = vi.fn();
  const onClose = vi.fn();
  render(
    <FingerprintCheckDialog
      name="Shop EU 01"
      running={false}
      report={null}
      error={null}
      onAgain={onAgain}
      onClose={onClose}
      {...p}
    />,
  );
  return { onAgain, onClose };
};

describe('fingerprint check dialog', () => {
  it('while the client checks: the progress text, no report, "check again" waits', () => {
    show({ running: true });
    expect(screen.getByText('Fingerprint check: Shop EU 01')).toBeTruthy();
    expect(screen.getByTestId('fp-check-running').textContent).toContain(
      'Checking the fingerprint in page, frames and workers…',
    );
    expect(screen.queryByTestId('fp-check-summary')).toBeNull();
    expect((screen.getByTestId('fp-check-again') as HTMLButtonElement).disabled).toBe(true);
  });

  it('an OK report: no mismatch over the contexts that ran, engine, short hash, duration, the values table', () => {
    const { onAgain, onClose } = show({ report: OK });
    const summary = screen.getByTestId('fp-check-summary');
    expect(summary.textContent).toBe(
      'No mismatch found: 4 contexts agree, the claims match the engine, no sign of patching',
    );
    expect(summary.className).toContain('Success');
    expect(screen.queryByTestId('fp-finding')).toBeNull();
    expect(screen.queryByTestId('fp-check-not-run')).toBeNull();
    expect(screen.getByTestId('fp-check-engine').textContent).toBe('Chrome/147.0.7727.55');
    const hash = screen.getByTestId('fp-check-hash-value');
    expect(hash.textContent).toBe('3f9a2c41d07be5a8…');
    expect(hash.getAttribute('title')).toBe(OK.fingerprintHash);
    expect(screen.getByTestId('fp-check-duration').textContent).toMatch(/^2\.5\s?s(ec)?$/);

    expect(screen.queryByTestId('fp-check-values')).toBeNull();
    fireEvent.click(screen.getByTestId('fp-check-values-toggle'));
    const table = screen.getByTestId('fp-check-values');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Value', 'Page', 'Same-origin frame', 'Cross-origin frame', 'Dedicated worker']);
    expect(
      within(table)
        .getAllByTestId('fp-check-value-row')
        .map((r) => r.querySelector('th')?.textContent),
    ).toEqual(['navigator.userAgent', 'navigator.languages', 'timeZone']);
    fireEvent.click(screen.getByTestId('fp-check-again'));
    expect(onAgain).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('fp-check-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a report with findings: counted, grouped by kind with subject, where, expected and actual', () => {
    show({ report: WITH_FINDINGS });
    const summary = screen.getByTestId('fp-check-summary');
    expect(summary.textContent).toBe('Findings: 3');
    expect(summary.className).toContain('Warning');
    expect(screen.getByTestId('fp-check-not-run').textContent).toBe('Not checked in: Service worker');

    const group = (kind: string) => screen.getByTestId(`fp-findings-${kind}`);
    expect(within(group('context')).getByRole('heading').textContent).toBe('Between contexts (1)');
    expect(within(group('claim')).getByRole('heading').textContent).toBe('Claims (1)');
    expect(within(group('patch')).getByRole('heading').textContent).toBe('Signs of patching (1)');

    const context = within(group('context'));
    expect(context.getByTestId('fp-finding-subject').textContent).toBe('timeZone');
    expect(context.getByTestId('fp-finding-subject').tagName).toBe('CODE');
    expect(context.getByTestId('fp-finding-where').textContent).toBe('Dedicated worker');
    expect(context.getByTestId('fp-finding-expected').textContent).toBe('Europe/Berlin');
    expect(context.getByTestId('fp-finding-actual').textContent).toBe('UTC');

    const claim = within(group('claim'));
    expect(claim.getByTestId('fp-finding-subject').textContent).toBe('navigator.userAgent');
    expect(claim.getByTestId('fp-finding-expected').textContent).toBe('Chrome/147');
    expect(claim.getByTestId('fp-finding-actual').textContent).toBe('Chrome/131');

    const patch = within(group('patch'));
    expect(patch.getByTestId('fp-finding-subject').textContent).toBe('Navigator.prototype.platform');
    expect(patch.getByTestId('fp-finding-where').textContent).toBe('PageDedicated worker');
    expect(patch.getByTestId('fp-finding-actual').textContent).toBe('function () { return "Win32" }');

    // The table: a column per context that ran; the one that did not says why.
    fireEvent.click(screen.getByTestId('fp-check-values-toggle'));
    const table = screen.getByTestId('fp-check-values');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Value', 'Page', 'Dedicated worker']);
    // The worker's zone differs from the page's: marked; its missing webdriver is no mismatch.
    const marked = [...table.querySelectorAll('[data-differs]')].map((c) => c.textContent);
    expect(marked).toEqual(['UTC']);
    expect(within(table).getByTestId('fp-check-context-error').textContent).toBe(
      'Service worker did not run: registration timed out after 5 s',
    );
  });

  it('a refusal of the client: its own words', () => {
    show({ error: 'Profile 7 could not open: the proxy 10.0.0.1:3128 did not answer' });
    expect(screen.getByTestId('fp-check-error').textContent).toContain('The check could not run');
    expect(screen.getByTestId('fp-check-error-message').textContent).toBe(
      'Profile 7 could not open: the proxy 10.0.0.1:3128 did not answer',
    );
    expect(screen.queryByTestId('fp-check-summary')).toBeNull();
  });

  it('is closed without a profile', () => {
    show({ name: null });
    expect(screen.queryByTestId('fp-check')).toBeNull();
  });
});

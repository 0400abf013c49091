import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetHttpState } from '../api/http';
import { useUserStore } from '../stores/user';
import { envelope, json, setupHttpDouble } from '../test/http-double';
import { renderWithQuery } from '../test/render';
import { useCurrencies } from './billing';
import { useCall } from './calls';

const double = setupHttpDouble();
const requests = (path: string) => double.seen.filter((s) => s.path.endsWith(path)).length;
const stored = () => Object.keys(localStorage).filter((k) => k.startsWith('dictCache:'));

function Currencies() {
  const q = useCurrencies();
  return <p data-testid="symbols">{q.data ? q.data.list.map((c) => c.symbol).join(',') : 'loading'}</p>;
}

function ErrorLog() {
  const q = useCall('getUserApiErrorLog', { page: 1, pageSize: 10 });
  return <p data-testid="total">{q.data ? q.data.total : 'loading'}</p>;
}

/** A reload: a new query cache over the same local storage. */
async function load(ui = <Currencies />) {
  const r = renderWithQuery(ui);
  const shown = screen.getByTestId(ui.type === Currencies ? 'symbols' : 'total');
  await waitFor(() => expect(shown.textContent).not.toBe('loading'));
  const text = shown.textContent;
  r.unmount();
  return text;
}

let symbol = '€';
beforeEach(() => {
  double.seen.length = 0;
  resetHttpState();
  symbol = '€';
  double.on((q, res) => {
    if (q.path.endsWith('/currencyList'))
      json(res, 200, envelope(0, { base: 'USD', list: [{ code: 'EUR', symbol, rate: '0.9' }] }));
    else json(res, 200, envelope(0, { total: 7, list: [] }));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const k of stored()) localStorage.removeItem(k);
});

describe('dictionary reads persisted in local storage', () => {
  it('shows a reloaded dictionary from storage without a request until its lifetime ends', async () => {
    expect(await load()).toBe('€');
    expect(requests('/currencyList')).toBe(1);
    expect(stored()).toHaveLength(1);

    symbol = '€$';
    expect(await load()).toBe('€');
    expect(requests('/currencyList')).toBe(1);

    // 24 h later the stored answer is expired: fetched and stored again.
    const { at } = JSON.parse(localStorage.getItem(stored()[0] as string) as string);
    vi.spyOn(Date, 'now').mockReturnValue(at + 24 * 3_600_000 - 1);
    expect(await load()).toBe('€');
    expect(requests('/currencyList')).toBe(1);
    vi.spyOn(Date, 'now').mockReturnValue(at + 24 * 3_600_000);
    expect(await load()).toBe('€$');
    expect(requests('/currencyList')).toBe(2);
    expect(await load()).toBe('€$');
    expect(requests('/currencyList')).toBe(2);
  });

  it('reads nothing stored by another console build', async () => {
    await load();
    const key = stored()[0] as string;
    const entry = JSON.parse(localStorage.getItem(key) as string);
    localStorage.setItem(key, JSON.stringify({ ...entry, buster: 'an older build' }));
    symbol = '£';
    expect(await load()).toBe('£');
    expect(requests('/currencyList')).toBe(2);
  });

  it('keeps only the dictionaries, and logging out forgets them', async () => {
    await load(<ErrorLog />);
    expect(stored()).toEqual([]);
    await load();
    expect(stored()).toHaveLength(1);
    useUserStore.getState().resetAll({ navigate: false });
    expect(stored()).toEqual([]);
    await load();
    expect(requests('/currencyList')).toBe(2);
  });
});

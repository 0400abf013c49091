import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { ImportCookiesDialog } from './ImportCookiesDialog';

const double = setupHttpDouble();

const paste = (text: string) => fireEvent.change(screen.getByTestId('cookie-text'), { target: { value: text } });
const importButton = () => screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;

describe('import cookies dialog', () => {
  it('checks the cookies as they are pasted and stores them with the update call', async () => {
    double.on((_q, res) => json(res, 200, envelope(0, { id: 7, name: 'Shop', cookieCount: 2 })));
    let imported = -1;
    renderWithQuery(<ImportCookiesDialog open profileId={7} onClose={() => {}} onImported={(n) => (imported = n)} />);
    expect(importButton().disabled).toBe(true);

    paste('[{"name":"sid","value":"1"}]');
    expect(await screen.findByText('Line 1: cookie sid has no domain')).toBeTruthy();
    expect(importButton().disabled).toBe(true);

    paste('sid=1; theme=dark');
    expect(screen.getByText(/enter the domain the cookies belong to/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('cookie-domain'), { target: { value: '.shop.de' } });
    expect(screen.getByText('Cookies recognised: 2 (shop.de)')).toBeTruthy();
    expect(double.seen).toHaveLength(0);

    fireEvent.click(importButton());
    await waitFor(() => expect(imported).toBe(2));
    const sent = double.seen.at(-1)!;
    expect([sent.method, sent.path]).toEqual(['PUT', '/api/v1/browserInfos']);
    expect(JSON.parse(sent.body.toString())).toEqual({ id: 7, cookie: 'sid=1; theme=dark', cookieDomain: '.shop.de' });
  });

  it('shows the server’s reason when it refuses the cookies', async () => {
    double.on((_q, res) => json(res, 400, envelope(400, null, 'cookie: line 1: cookie header is too long')));
    renderWithQuery(<ImportCookiesDialog open profileId={7} onClose={() => {}} />);
    paste('sid=1');
    fireEvent.change(screen.getByTestId('cookie-domain'), { target: { value: 'shop.de' } });
    fireEvent.click(importButton());
    expect(await screen.findByText('line 1: cookie header is too long')).toBeTruthy();
  });
});

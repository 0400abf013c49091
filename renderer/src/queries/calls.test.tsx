import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetHttpState } from '../api/http';
import { useNoticeStore } from '../stores/notice';
import { envelope, json, setupHttpDouble } from '../test/http-double';
import { renderWithQuery } from '../test/render';
import { useCall, useCallMutation } from './calls';
import { createQueryClient } from './query-client';

const double = setupHttpDouble();
const calls = (path: string) => double.seen.filter((s) => s.path.endsWith(path)).length;

beforeEach(() => {
  double.seen.length = 0;
  resetHttpState();
  useNoticeStore.setState({ notices: [] });
});

function ErrorLog() {
  const log = useCall('getUserApiErrorLog', { page: 1, pageSize: 10 });
  const clear = useCallMutation('clearApiErrorLog', { invalidates: ['getUserApiErrorLog'] });
  if (log.isPending) return <p>loading</p>;
  if (log.isError) return <p>failed</p>;
  return (
    <>
      <p data-testid="total">{log.data.total}</p>
      <button type="button" onClick={() => clear.mutate(undefined)}>
        clear
      </button>
    </>
  );
}

describe('useCall', () => {
  it('shows loading, then what the server answered', async () => {
    double.on((_q, res) => json(res, 200, envelope(0, { total: 3, list: [] })));
    renderWithQuery(<ErrorLog />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByTestId('total')).textContent).toBe('3');
    expect(double.seen[0]?.query.get('page')).toBe('1');
  });

  it('shows the failure, and the transport has told the user once', async () => {
    double.on((_q, res) => json(res, 400, envelope(12345, null, 'log refused')));
    renderWithQuery(<ErrorLog />);
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(useNoticeStore.getState().notices.map((n) => n.text)).toEqual(['log refused']);
    // No silent retry behind the notice.
    expect(calls('/getUserApiErrorLog')).toBe(1);
  });
});

describe('useCallMutation', () => {
  it('refetches the reads it invalidates after the write', async () => {
    let total = 5;
    double.on((q, res) => {
      if (q.path.endsWith('/clearApiErrorLog')) {
        total = 0;
        return json(res, 200, envelope(0, { changed: 5 }));
      }
      json(res, 200, envelope(0, { total, list: [] }));
    });
    renderWithQuery(<ErrorLog />);
    expect((await screen.findByTestId('total')).textContent).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('0'));
    expect(double.seen.map((s) => s.path.replace('/api/users/', ''))).toEqual([
      'getUserApiErrorLog',
      'clearApiErrorLog',
      'getUserApiErrorLog',
    ]);
  });
});

function ChildIds() {
  const ids = useCall('getChildUseid');
  return <p data-testid="ids">{ids.data?.map((u) => u.username).join(',')}</p>;
}
function Summary() {
  const s = useCall('dashboardSummary');
  return <p data-testid="sessions">{s.data?.activeSessions}</p>;
}

describe('staleness', () => {
  // One client across two mounts, as in the console when the user leaves a screen and comes back.
  const mountTwice = async (ui: ReactElement, testId: string) => {
    const client = createQueryClient();
    const mount = () => render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
    const first = mount();
    await waitFor(() => expect(screen.getByTestId(testId).textContent).not.toBe(''));
    first.unmount();
    // The transport's own cache is emptied: only the data layer can spare the second request.
    resetHttpState();
    mount();
    await waitFor(() => expect(screen.getByTestId(testId).textContent).not.toBe(''));
    // Give a refetch on mount the time to reach the server.
    await new Promise((r) => setTimeout(r, 100));
  };

  it('a 24-hour read is not fetched again when its screen mounts again within its time', async () => {
    double.on((_q, res) => json(res, 200, envelope(0, [{ id: 1, username: 'bob' }])));
    await mountTwice(<ChildIds />, 'ids');
    expect(calls('/getChildUseid')).toBe(1);
  });

  it('another read is fetched again on the next mount', async () => {
    double.on((_q, res) => json(res, 200, envelope(0, { activeSessions: 2 })));
    await mountTwice(<Summary />, 'sessions');
    expect(calls('/dashboard/summary')).toBe(2);
  });
});

describe('a write that invalidates a 24-hour read', () => {
  function Providers() {
    const list = useCall('globalProxyFindList', {});
    const save = useCallMutation('globalProxySave', { invalidates: ['globalProxyFindList'] });
    if (!list.data) return <p>loading</p>;
    return (
      <>
        <p data-testid="hosts">{list.data.map((g) => g.host).join(',')}</p>
        <button
          type="button"
          onClick={() =>
            save.mutate({
              proxyType: 'lunaproxy',
              host: 'b.example',
              port: 2,
              userName: '',
              password: '',
              proxyAgreementType: 'http',
            })
          }
        >
          save
        </button>
      </>
    );
  }

  it('drops the transport copy, so the refetch reads the server and shows the change', async () => {
    let host = 'a.example';
    double.on((q, res) => {
      if (q.method === 'PUT') host = 'b.example';
      const row = { proxyType: 'lunaproxy', host, port: 1, userName: '', password: '', proxyAgreementType: 'http' };
      json(res, 200, envelope(0, q.method === 'PUT' ? row : [row]));
    });
    renderWithQuery(<Providers />);
    await waitFor(() => expect(screen.getByTestId('hosts').textContent).toBe('a.example'));
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(screen.getByTestId('hosts').textContent).toBe('b.example'));
    expect(calls('findByUserIdAndProxyTypelist')).toBe(2);
  });
});

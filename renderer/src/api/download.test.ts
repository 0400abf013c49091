import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNoticeStore } from '../stores/notice';
import { setupHttpDouble } from '../test/http-double';
import { downloadCall } from './download';

const double = setupHttpDouble();

describe('downloadCall', () => {
  afterEach(() => useNoticeStore.setState({ notices: [] }));

  it('saves the file under the server’s name and says so in a success notice', async () => {
    double.on((_q, res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="cookies.json"',
      });
      res.end('[]');
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const name = await downloadCall('profileExportCookieText', { ids: [1], format: 'json' }, 'fallback.json');
    expect(click).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => [n.severity, n.text])).toEqual([
        ['success', `File saved: ${name}`],
      ]),
    );
  });
});

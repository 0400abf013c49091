import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetHttpState } from '../../api/http';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { useAutoPaste } from './use-phone-view';

const double = setupHttpDouble();
let saved: string | null = null;

beforeEach(() => {
  double.seen.length = 0;
  resetHttpState();
  double.on((q, res) => {
    if (q.path.endsWith('/getValueList'))
      return json(res, 200, envelope(0, [{ globalValueType: 'phoneAutoPaste', globalValue: saved }]));
    json(res, 200, envelope(0, null));
  });
});

function Viewer() {
  const paste = useAutoPaste();
  return (
    <button type="button" data-testid="paste" onClick={paste.toggle}>
      {String(paste.on)}
    </button>
  );
}

describe('the phone viewer’s auto paste', () => {
  it('starts from the saved default, and its toggle changes this viewer only', async () => {
    saved = 'false';
    renderWithQuery(<Viewer />);
    await waitFor(() => expect(screen.getByTestId('paste').textContent).toBe('false'));
    fireEvent.click(screen.getByTestId('paste'));
    expect(screen.getByTestId('paste').textContent).toBe('true');
    expect(double.seen.filter((s) => s.method === 'PUT')).toEqual([]);
  });
});

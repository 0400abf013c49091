import type { ProfileSummary } from '@facet/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, json, setupHttpDouble } from '../../test/http-double';
import { renderWithQuery } from '../../test/render';
import { OpenStateChip } from './OpenStateChip';

const double = setupHttpDouble();

describe('the open state of a profile in the grid', () => {
  it('says on hover who has it open, where, and on which page their client reported', async () => {
    double.on((q, res) => {
      if (q.path.endsWith('/v1/browserInfos/getWindowStatus'))
        return json(
          res,
          200,
          envelope(0, [
            {
              id: 7,
              status: 1,
              url: 'https://shop.example/checkout',
              userId: 3,
              username: 'alice',
              device: 'pc-1',
              updatedTime: '2026-01-01 10:00:00',
            },
          ]),
        );
      return json(res, 200, envelope(0, null));
    });
    renderWithQuery(<OpenStateChip p={{ id: 7, openStatus: 1, openDevice: 'pc-1' } as ProfileSummary} />);
    expect(double.seen.filter((s) => s.path.endsWith('/getWindowStatus'))).toEqual([]);
    fireEvent.mouseOver(screen.getByTestId('open-state'));
    const tip = await screen.findByTestId('open-window');
    expect(tip.textContent).toContain('Open by alice on pc-1');
    expect(tip.textContent).toContain('Page: https://shop.example/checkout');
    expect(JSON.parse(double.seen.at(-1)!.body.toString())).toEqual({ ids: [7] });
  });
});

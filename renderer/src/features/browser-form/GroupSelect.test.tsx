import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { renderWithQuery } from '../../test/render';
import { GroupSelect } from './GroupSelect';

const groups = [
  { id: 1, name: 'Default', isDefault: true, profileCount: 47, createTime: '', remark: '' },
  { id: 2, name: 'Sellers', isDefault: false, profileCount: 3, createTime: '', remark: '' },
] as unknown as Parameters<typeof GroupSelect>[0]['groups'];

describe('the profile form group picker', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it.each([
    ['en', 'Default group'],
    ['zh', '默认分组'],
  ])('names the default group as every screen does (%s)', async (lng, name) => {
    await i18n.changeLanguage(lng);
    renderWithQuery(<GroupSelect groups={groups} value={1} onChange={() => {}} />);
    expect(screen.getByRole('combobox').textContent).toBe(name);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([name, 'Sellers']);
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedTablePagination } from './PagedTablePagination';

const base = { total: 45, page: 0, pageSize: 20, onPageChange: () => {}, onPageSizeChange: () => {} };

describe('paging footer', () => {
  it('brings the common texts and page sizes when a list passes none', () => {
    render(<PagedTablePagination {...base} />);
    expect(screen.getByText('Rows per page')).toBeTruthy();
    expect(screen.getByText('1–20 of 45')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const sizes = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['10', '20', '50', '100']);
  });

  it('keeps a list’s own texts and sizes, and a new size goes back to the first page', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(
      <PagedTablePagination
        {...base}
        page={1}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        rowsPerPageOptions={[20, 50]}
        labelRowsPerPage="Per page:"
        labelDisplayedRows={({ from, to }) => `${from} to ${to}`}
      />,
    );
    expect(screen.getByText('Per page:')).toBeTruthy();
    expect(screen.getByText('21 to 40')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '50' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(onPageChange).toHaveBeenCalledWith(0);
  });
});

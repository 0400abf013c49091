import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ListColumn } from './ListTable';

/**
 * The last column of an editable list: one pencil per row, named for the row it opens. The texts
 * are the area's own: the column's label, the pencil's tooltip and its accessible name per row.
 */
export const editColumn = <R,>(
  texts: { label: string; edit: string; editNamed: (r: R) => string },
  onEdit: (r: NoInfer<R>) => void,
): ListColumn<R> => ({
  key: 'actions',
  label: texts.label,
  align: 'right',
  render: (r) => (
    <Tooltip title={texts.edit}>
      <IconButton size="small" aria-label={texts.editNamed(r)} onClick={() => onEdit(r)}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ),
});

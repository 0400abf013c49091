import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../components/list/ListTable';

/** The last column of an editable list: one pencil per row, named for the row it opens. */
export const editColumn = <R,>(
  t: TFunction,
  nameOf: (r: R) => string,
  onEdit: (r: NoInfer<R>) => void,
): ListColumn<R> => ({
  key: 'actions',
  label: t('billingAdmin.actions'),
  align: 'right',
  render: (r) => (
    <Tooltip title={t('billingAdmin.edit')}>
      <IconButton size="small" aria-label={t('billingAdmin.editNamed', { name: nameOf(r) })} onClick={() => onEdit(r)}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ),
});

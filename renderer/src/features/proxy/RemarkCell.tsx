import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatchSavedProxy, useUpdateProxyRemark } from '../../queries/proxies';
import { notifySuccess } from '../../stores/notice';

/** Remark update in place: Enter or leaving the field saves, Escape cancels. */
export function RemarkCell(p: { id: number; remark: string; editable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(p.remark);
  const saving = useUpdateProxyRemark();
  const patchRow = usePatchSavedProxy();

  const save = async () => {
    if (saving.isPending) return;
    if (value === p.remark) return setEditing(false);
    try {
      await saving.mutateAsync({ ids: [p.id], remark: value });
      patchRow(p.id, { remark: value });
      notifySuccess(t('proxy.remark.saved'));
      setEditing(false);
    } catch {
      // The client showed the server's notice; the field stays open.
    }
  };

  if (editing)
    return (
      <TextField
        size="small"
        autoFocus
        fullWidth
        value={value}
        disabled={saving.isPending}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') {
            setValue(p.remark);
            setEditing(false);
          }
        }}
        slotProps={{ htmlInput: { maxLength: 500, 'aria-label': t('proxy.columns.remark') } }}
      />
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Box
        component="span"
        title={p.remark}
        sx={{
          maxWidth: 160,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          color: p.remark ? 'text.primary' : 'text.disabled',
        }}
      >
        {p.remark || '—'}
      </Box>
      {p.editable && (
        <IconButton
          size="small"
          aria-label={t('proxy.remark.edit')}
          onClick={(e) => {
            e.stopPropagation();
            setValue(p.remark);
            setEditing(true);
          }}
          sx={{ opacity: 0.6, '&:hover': { opacity: 1 } }}
        >
          <EditOutlinedIcon sx={{ fontSize: 16 }} />
        </IconButton>
      )}
    </Box>
  );
}

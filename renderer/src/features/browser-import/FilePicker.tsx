import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A drop zone that is also a button opening the file chooser (xlsx or csv). */
export function FilePicker({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label={t('browserImport.pick.choose')}
      data-testid="import-drop-zone"
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !disabled) input.current?.click();
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        py: 5,
        px: 2,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        outline: 'none',
        '&:focus-visible': { borderColor: 'primary.main' },
      }}
    >
      <UploadFileIcon color="primary" sx={{ fontSize: 40 }} />
      <Typography sx={{ mt: 1, fontWeight: 500 }}>{t('browserImport.pick.choose')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('browserImport.pick.hint')}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="import-file-input"
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}

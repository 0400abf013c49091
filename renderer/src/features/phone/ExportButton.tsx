import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportPhones, type PhoneExportQuery } from '../../queries/phone-extras';

/** The environments as xlsx: the selected ones, else all the list's filters show. */
export function ExportButton({ query, selected }: { query: PhoneExportQuery; selected: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        // The transport says why it failed.
        void exportPhones(query)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
      data-testid="phone-list-export"
    >
      {selected ? t('phone.export.selected', { count: selected }) : t('phone.export.all')}
    </Button>
  );
}

import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import Button from '@mui/material/Button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../api/download';
import { notifyError, notifySuccess } from '../../stores/notice';

/**
 * Export the rows as the JSON the value holds, and import such a file: its rows are added
 * below the ones on screen (nothing is replaced) and checked like typed ones before a save.
 */
export function ListFileButtons(p: {
  fileName: string;
  entries: unknown[];
  /** The number of rows added, or null when the file is not a JSON array. */
  onImport: (json: string) => number | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const read = async (file: File) => {
    const added = p.onImport(await file.text());
    if (added === null) notifyError(t('settingsLists.importInvalid', { name: file.name }), 5000);
    else notifySuccess(t('settingsLists.imported', { count: added }));
  };
  return (
    <>
      <Button size="small" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
        {t('settingsLists.import')}
      </Button>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={() =>
          saveBlob(new Blob([JSON.stringify(p.entries, null, 2)], { type: 'application/json' }), p.fileName)
        }
        disabled={p.entries.length === 0}
      >
        {t('settingsLists.export')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="list-import"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void read(file);
        }}
      />
    </>
  );
}

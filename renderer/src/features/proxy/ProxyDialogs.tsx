import type { ProxyProvider } from '@facet/shared';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../components/GenericDialog';
import { BatchAddDialog } from './BatchAddDialog';
import { BatchUpdateDialog } from './BatchUpdateDialog';
import { ExtractDialog } from './ExtractDialog';
import { ProviderDialog } from './ProviderDialog';
import { ProxyFormDialog } from './ProxyFormDialog';
import { ProxyInfoDialog } from './ProxyInfoDialog';
import type { SavedProxy } from './types';

export type ProxyDialog =
  | { kind: 'create' }
  | { kind: 'edit'; proxy: SavedProxy }
  | { kind: 'batchAdd' }
  | { kind: 'extract' }
  | { kind: 'batchUpdate' }
  | { kind: 'delete'; proxies: SavedProxy[] }
  | { kind: 'info'; proxy: SavedProxy; tab: 'info' | 'bind' }
  | { kind: 'provider'; provider: ProxyProvider };

export interface ProxyDialogsProps {
  dialog: ProxyDialog | null;
  onClose: () => void;
  /** The selected proxies (extract, batch update). */
  selected: SavedProxy[];
  /** The rows shown: an open info dialog follows the row's newest values. */
  rows: readonly SavedProxy[];
  onBatchUpdated: () => void;
  deleting: boolean;
  onDelete: (proxies: SavedProxy[]) => void;
}

/** The proxy screen's dialogs; one is open at a time. */
export function ProxyDialogs({ dialog, onClose, ...p }: ProxyDialogsProps) {
  const { t } = useTranslation();
  switch (dialog?.kind) {
    case 'create':
      return <ProxyFormDialog onClose={onClose} />;
    case 'edit':
      return <ProxyFormDialog proxy={dialog.proxy} onClose={onClose} />;
    case 'batchAdd':
      return <BatchAddDialog onClose={onClose} />;
    case 'extract':
      return <ExtractDialog proxies={p.selected} onClose={onClose} />;
    case 'batchUpdate':
      return <BatchUpdateDialog ids={p.selected.map((r) => r.id)} onClose={onClose} onSaved={p.onBatchUpdated} />;
    case 'info':
      return (
        <ProxyInfoDialog
          proxy={p.rows.find((r) => r.id === dialog.proxy.id) ?? dialog.proxy}
          initialTab={dialog.tab}
          onClose={onClose}
        />
      );
    case 'provider':
      return <ProviderDialog provider={dialog.provider} onClose={onClose} />;
    case 'delete':
      return (
        <GenericDialog
          open
          title={t('proxy.delete.title')}
          onClose={onClose}
          onConfirm={() => p.onDelete(dialog.proxies)}
          loading={p.deleting}
          confirmText={t('proxy.delete.button')}
        >
          <Typography>
            {t('proxy.delete.confirm', {
              count: dialog.proxies.length,
              bound: dialog.proxies.reduce((n, x) => n + x.boundCount, 0),
            })}
          </Typography>
        </GenericDialog>
      );
    default:
      return null;
  }
}

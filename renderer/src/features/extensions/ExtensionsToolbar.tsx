import { EXTENSIONS_PER_PROFILE_MAX } from '@facet/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list/ListToolbar';

export interface ExtensionsToolbarProps {
  search: string;
  onSearch: (v: string) => void;
  selectedCount: number;
  canAssign: boolean;
  canDelete: boolean;
  onClearSelection: () => void;
  onAddSelected: () => void;
  onDeleteSelected: () => void;
}

/** Search by name, the selection's count, and adding the selected to profiles or deleting them. */
export function ExtensionsToolbar(p: ExtensionsToolbarProps) {
  const { t } = useTranslation();
  const none = p.selectedCount === 0;
  const tooManyToAdd = p.selectedCount > EXTENSIONS_PER_PROFILE_MAX;
  return (
    <ListToolbar
      search={{ value: p.search, onChange: p.onSearch, label: t('extensions.search'), maxLength: 100, width: 300 }}
      actions={
        <>
          {(p.canAssign || p.canDelete) && (
            <>
              <Typography variant="body2" color="text.secondary" data-testid="extension-selected">
                {t('extensions.selected', { count: p.selectedCount })}
              </Typography>
              {!none && (
                <Button size="small" color="inherit" onClick={p.onClearSelection}>
                  {t('extensions.clearSelection')}
                </Button>
              )}
            </>
          )}
          {p.canAssign && (
            <Button
              size="small"
              startIcon={<PlaylistAddIcon />}
              disabled={none || tooManyToAdd}
              title={tooManyToAdd ? t('extensions.add.tooMany', { max: EXTENSIONS_PER_PROFILE_MAX }) : undefined}
              onClick={p.onAddSelected}
              data-testid="extensions-add-selected"
            >
              {t('extensions.action.addToProfiles')}
            </Button>
          )}
          {p.canDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              disabled={none}
              onClick={p.onDeleteSelected}
              data-testid="extensions-delete-selected"
            >
              {t('extensions.action.delete')}
            </Button>
          )}
        </>
      }
    />
  );
}

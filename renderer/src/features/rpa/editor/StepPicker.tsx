import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stepGroups } from './step-model';

/** "Add step": a menu of every step type, grouped by family. */
export function StepPicker({ onPick, testId }: { onPick: (type: string) => void; testId: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items: ReactNode[] = [];
  for (const { group, types } of stepGroups()) {
    if (!types.length) continue;
    items.push(<ListSubheader key={`g-${group}`}>{t(`rpa.group.${group}`)}</ListSubheader>);
    for (const type of types)
      items.push(
        <MenuItem
          key={type}
          data-testid={`pick-${type}`}
          onClick={() => {
            setAnchor(null);
            onPick(type);
          }}
        >
          {t(`rpa.step.${type}`, { defaultValue: type })}
        </MenuItem>,
      );
  }
  return (
    <>
      <Button size="small" startIcon={<AddIcon />} data-testid={testId} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('rpa.editor.addStep')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 420 } } }}
      >
        {items}
      </Menu>
    </>
  );
}

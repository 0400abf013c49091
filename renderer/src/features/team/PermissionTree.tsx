import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { permissionGroupKey, permissionLabelKey } from './permission-labels';

export interface PermissionGroup {
  group: string;
  codes: string[];
}

/** Checked, unchecked or partly checked: a group's box shows which of its codes are held. */
export function groupState(codes: ReadonlyArray<string>, held: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const n = codes.filter((c) => held.has(c)).length;
  return n === 0 ? 'none' : n === codes.length ? 'all' : 'some';
}

/** Ticking an empty or partly ticked group holds all its codes; unticking a full one lets them all go. */
export function toggleGroup(codes: ReadonlyArray<string>, held: ReadonlySet<string>): Set<string> {
  const next = new Set(held);
  const take = groupState(codes, held) !== 'all';
  for (const c of codes) {
    if (take) next.add(c);
    else next.delete(c);
  }
  return next;
}

/** The permission-code tree of the role editor: a box per group (with the partial state) and per code. */
export function PermissionTree(p: {
  tree: PermissionGroup[];
  value: ReadonlySet<string>;
  onChange?: (next: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const readOnly = !p.onChange;
  return (
    <Box sx={{ columnCount: { xs: 1, sm: 2 }, columnGap: 1.5 }} data-testid="perm-tree">
      {p.tree.map(({ group, codes }) => {
        const state = groupState(codes, p.value);
        return (
          <Paper
            key={group}
            variant="outlined"
            // Cards flow down the columns (a short group does not leave a hole beside a long one).
            sx={{ p: 1.5, mb: 1.5, breakInside: 'avoid' }}
            data-testid={`perm-group-${group}`}
          >
            <FormControlLabel
              label={t(permissionGroupKey(group))}
              sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
              control={
                <Checkbox
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  disabled={readOnly}
                  onChange={() => p.onChange?.(toggleGroup(codes, p.value))}
                />
              }
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', pl: 3.5 }}>
              {codes.map((code) => (
                <FormControlLabel
                  key={code}
                  label={t(permissionLabelKey(code))}
                  title={code}
                  control={
                    <Checkbox
                      size="small"
                      checked={p.value.has(code)}
                      disabled={readOnly}
                      data-code={code}
                      onChange={(e) => {
                        const next = new Set(p.value);
                        if (e.target.checked) next.add(code);
                        else next.delete(code);
                        p.onChange?.(next);
                      }}
                    />
                  }
                />
              ))}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

import type { CallResult } from '@facet/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { actionText, detailParts, detailText, type Lookup, targetText, targetTypeText } from './operation-labels';

type Row = CallResult<'operationLogList'>['list'][number];
interface CellProps {
  row: Row;
  lookup: Lookup;
}

/** The action in words (its code in the tooltip), and on a phone the target, when and who under it. */
export function ActionCell({ row, lookup, under, children }: CellProps & { under?: string; children?: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2" title={row.action}>
        {actionText(lookup, row.action)}
      </Typography>
      {children}
      {under && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {under}
        </Typography>
      )}
    </Box>
  );
}

/** The target's type and the name it had, a count of several, or the id of an entry that kept no name. */
export function TargetCell({ row, lookup }: CellProps) {
  const target = targetText(lookup, row);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
      <Chip size="small" variant="outlined" label={targetTypeText(lookup, row.targetType)} />
      {target.text && (
        <Typography
          variant="body2"
          title={target.title || target.text}
          data-testid="log-target"
          sx={{
            maxWidth: 200,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            ...(target.kind === 'id' ? { color: 'text.secondary', fontFamily: 'monospace' } : {}),
          }}
        >
          {target.text}
        </Typography>
      )}
    </Box>
  );
}

/** The detail as labelled parts on one line, each part on its own line in the tooltip; `—` when empty, unless `quiet`. */
export function DetailCell({ row, lookup, quiet }: CellProps & { quiet?: boolean }) {
  const text = detailText(lookup, row);
  if (!text && quiet) return null;
  return (
    <Typography variant="body2" color="text.secondary" title={detailParts(lookup, row).join('\n')}>
      {text || '—'}
    </Typography>
  );
}

import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { renderMarkdown } from '../lib/markdown';

/** Operator Markdown (notices, policies), sanitised by renderMarkdown before it is inserted. */
export function Markdown({ text, testId }: { text: string; testId?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return (
    <Box
      data-testid={testId}
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& h1, & h2, & h3': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 1 },
        '& h1': { typography: 'h6' },
        '& p': { my: 1 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%' },
        '& pre, & code': { fontFamily: 'monospace', bgcolor: 'action.hover', borderRadius: 0.5, px: 0.5 },
        '& table': { borderCollapse: 'collapse' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1 },
        '& > :first-of-type': { mt: 0 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

import type { CallResult } from '@facet/shared';
import type { PreviewRow } from './PreviewTable';

export type ImportAnswer = CallResult<'profileImport'>;

/** Where the import wizard is: pick a file, read it, preview it, send it, the result. */
export type Phase =
  | { kind: 'pick'; error?: string }
  | { kind: 'parsing'; file: File }
  | { kind: 'preview'; file: File; rows: PreviewRow[]; hasGroupColumn: boolean; error?: string }
  | { kind: 'importing'; file: File; count: number; stage: 'reading' | 'sending'; fraction: number }
  | { kind: 'done'; file: File; answer: ImportAnswer; moveError?: string };

/** "As in the file": the group column when there is one, else the default group. */
export const FROM_FILE = 'file';

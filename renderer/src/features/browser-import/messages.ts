import { BUDGET_KEYS, PROFILE_IMPORT_MAX_ROWS, type RowIssue, type SheetProblem, sheetColumnOf } from '@facet/shared';
import type { i18n as I18n, TFunction } from 'i18next';
import { MAX_IMPORT_BYTES } from './sheet';

/** Where a row problem's key is translated: the import's own texts first, then the shared rule texts. */
const ISSUE_NAMESPACES = ['browserImport.issue', 'validation', 'proxyFields.errors', 'browserForm.errors'];

/**
 * A row problem (`{ field, key }`, from the preview or the server) as the user reads it: the
 * sheet column it is in and the rule's text in the user's language. A key without a text says
 * the value is not valid (with the server's detail when it sent one), never the schema's English.
 */
export function issueText(i18n: I18n, issue: RowIssue & { detail?: string }): { column: string; text: string } {
  const ns = ISSUE_NAMESPACES.find((n) => i18n.exists(`${n}.${issue.key}`));
  const text = ns
    ? i18n.t(`${ns}.${issue.key}`)
    : i18n.t('browserImport.issue.valueInvalid') + (issue.detail ? ` (${issue.detail})` : '');
  return { column: sheetColumnOf(issue.field), text };
}

export function sheetProblemText(t: TFunction, p: SheetProblem): string {
  switch (p.kind) {
    case 'fileType':
      return t('browserImport.problem.fileType');
    case 'unreadable':
      return t('browserImport.problem.unreadable');
    case 'noName':
      return t('browserImport.problem.noName');
    case 'unknownColumns':
      return t('browserImport.problem.unknownColumns', { columns: p.columns.join(', ') });
    case 'noRows':
      return t('browserImport.problem.noRows');
    case 'tooManyRows':
      return t('browserImport.problem.tooManyRows', { rows: p.rows, max: PROFILE_IMPORT_MAX_ROWS });
    case 'tooLarge':
      return t('browserImport.problem.tooLarge', {
        size: Math.ceil(p.bytes / 1024),
        max: Math.floor(MAX_IMPORT_BYTES / 1024),
      });
    case 'csvQuote':
      return t('browserImport.problem.csvQuote', { row: p.row });
    case 'budget':
      // The server's refusal texts for the same limits.
      return t(`validation.${BUDGET_KEYS[p.limit]}`);
  }
}

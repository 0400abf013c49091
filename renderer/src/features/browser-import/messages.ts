import { BUDGET_KEYS, PROFILE_IMPORT_MAX_ROWS, type SheetProblem } from '@facet/shared';
import type { i18n as I18n, TFunction } from 'i18next';
import { MAX_IMPORT_BYTES } from './sheet';

/** A row error's message: a validation key (shared/src/validation.ts) when the server or schema sent one, else its text. */
export function rowMessage(i18n: I18n, message: string): string {
  return i18n.exists(`validation.${message}`) ? i18n.t(`validation.${message}`) : message;
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

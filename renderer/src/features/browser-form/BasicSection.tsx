import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from './form-values';
import { type Group, GroupSelect } from './GroupSelect';
import { LinesField } from './LinesField';
import { Section, twoColumns } from './Section';

interface Props {
  values: FormValues;
  set: <K extends keyof FormValues>(k: K, v: FormValues[K]) => void;
  err: (path: string) => string | undefined;
  groups: Group[];
  /** Create only: the quantity field, and what numbering does to the name (its note, or why it no longer fits). */
  quantity?: { field: ReactNode; nameNote?: string | undefined; nameError?: string | undefined };
}

/** The first error among a list's items, named by its line ("Line 2: …"). */
function listError(
  err: (path: string) => string | undefined,
  base: string,
  count: number,
  line: (n: number) => string,
) {
  for (let i = 0; i < count; i++) {
    const e = err(`${base}.${i}`);
    if (e) return `${line(i + 1)}: ${e}`;
  }
  return err(base);
}

function BasicSectionView({ values, set, err, groups, quantity }: Props) {
  const { t } = useTranslation();
  const line = (n: number) => t('browserForm.line', { n });
  return (
    <Section id="basic" title={t('browserForm.sections.basic')}>
      <Box sx={twoColumns}>
        <TextField
          label={t('browserForm.basic.name')}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={!!(err('name') ?? quantity?.nameError)}
          helperText={err('name') ?? quantity?.nameError ?? quantity?.nameNote ?? t('browserForm.basic.nameHelp')}
          required
          slotProps={{ htmlInput: { 'data-testid': 'profile-name', maxLength: 40 } }}
        />
        <GroupSelect
          groups={groups}
          value={values.groupId}
          onChange={(id) => set('groupId', id)}
          error={err('groupId')}
        />
        {quantity?.field}
      </Box>
      <Autocomplete
        multiple
        freeSolo
        options={[] as string[]}
        value={values.tags}
        onChange={(_, v) => set('tags', [...new Set(v.map((x) => x.trim()).filter(Boolean))])}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('browserForm.basic.tags')}
            helperText={listError(err, 'tags', values.tags.length, line) ?? t('browserForm.basic.tagsHelp')}
            error={!!listError(err, 'tags', values.tags.length, line)}
          />
        )}
      />
      <TextField
        label={t('browserForm.basic.remark')}
        value={values.remark}
        onChange={(e) => set('remark', e.target.value)}
        error={!!err('remark')}
        helperText={err('remark')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <LinesField
        label={t('browserForm.basic.startupUrls')}
        value={values.startupUrls}
        onChange={(v) => set('startupUrls', v)}
        error={listError(err, 'startupUrls', values.startupUrls.length, line)}
        helperText={t('browserForm.basic.startupUrlsHelp')}
        placeholder="https://example.com"
        testId="startup-urls"
      />
    </Section>
  );
}

/** Re-renders only when its own fields, errors or handlers change. */
export const BasicSection = memo(
  BasicSectionView,
  (a, b) =>
    a.values.name === b.values.name &&
    a.values.groupId === b.values.groupId &&
    a.values.tags === b.values.tags &&
    a.values.remark === b.values.remark &&
    a.values.startupUrls === b.values.startupUrls &&
    a.set === b.set &&
    a.err === b.err &&
    a.groups === b.groups &&
    a.quantity === b.quantity,
);

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { IMPORT_DATE_RANGE_LABELS, IMPORT_DATE_RANGES, type ImportPreview } from '@domain/data/imports';
import type { DataSource } from '@domain/data/sources';
import { RECORD_KIND_LABELS, RECORD_KINDS } from '@domain/data/unifiedModel';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { unifiedLabel, unifiedOptionGroups } from '../mapping/unifiedOptions';
import { ColumnMappingList } from './ColumnMappingList';
import { duplicateTargets, missingRequired, withKind, type ImportChoices } from './importChoices';

/** A disabled field's helper says why it is disabled: it stays as readable as any other. */
const readableHelper = { formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } } as const;

export interface ImportOptionsFormProps {
  preview: ImportPreview;
  choices: ImportChoices;
  onChange: (choices: ImportChoices) => void;
  /** The file source being imported into again: its kind is fixed. */
  source?: DataSource;
  disabled?: boolean;
}

function requiredText(missing: { allOf: string[]; oneOf: string[] }): string {
  const parts = missing.allOf.map(unifiedLabel);
  if (missing.oneOf.length) parts.push(`one of ${missing.oneOf.map(unifiedLabel).join(', ')}`);
  return parts.join('; ');
}

/** What the records are, where each column goes, and which rows to keep. */
export function ImportOptionsForm({ preview, choices, onChange, source, disabled = false }: ImportOptionsFormProps) {
  const groups = unifiedOptionGroups([choices.recordKind]);
  const duplicates = duplicateTargets(choices.mapping);
  const missing = missingRequired(choices.recordKind, choices.mapping);
  const set = (changes: Partial<ImportChoices>) => onChange({ ...choices, ...changes });

  return (
    <Stack spacing={2}>
      {preview.template && (
        <Alert severity="info">
          <AlertTitle>Saved mapping applied</AlertTitle>
          The columns are mapped as at the last import of a file with this header ({preview.template.name}).
        </Alert>
      )}
      <SelectField
        label="What are the records?"
        value={choices.recordKind}
        options={optionsOf(RECORD_KINDS, RECORD_KIND_LABELS)}
        disabled={disabled || Boolean(source)}
        slotProps={readableHelper}
        helperText={source ? `Set by ${source.name}, whose records this file updates.` : 'Decides which unified fields the columns can be mapped to.'}
        onChange={(kind) => onChange(withKind(preview, choices, kind))}
      />

      <ColumnMappingList
        preview={preview}
        mapping={choices.mapping}
        groups={groups}
        duplicates={duplicates}
        disabled={disabled}
        onChange={(column, target) => set({ mapping: { ...choices.mapping, [column]: target } })}
      />
      {(missing.allOf.length > 0 || missing.oneOf.length > 0) && (
        <Alert severity="warning">
          These records need {requiredText(missing)}: map a column to each, or the check reports every row.
        </Alert>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ColumnSelect
          label="Key column for updates (optional)"
          value={choices.keyColumn}
          columns={preview.columns}
          disabled={disabled}
          helperText="A row whose key matches a stored record updates it instead of adding another."
          onChange={(keyColumn) => set({ keyColumn })}
        />
        <ColumnSelect
          label="Date column"
          value={choices.dateColumn}
          columns={preview.columns}
          disabled={disabled}
          helperText="The date the range below applies to."
          onChange={(dateColumn) => set({ dateColumn })}
        />
        <SelectField
          fullWidth
          label="Date range"
          value={choices.dateColumn ? choices.dateRange : 'all'}
          options={optionsOf(IMPORT_DATE_RANGES, IMPORT_DATE_RANGE_LABELS)}
          disabled={disabled || !choices.dateColumn}
          slotProps={readableHelper}
          helperText={choices.dateColumn ? 'Rows dated earlier are skipped.' : 'Choose a date column first.'}
          onChange={(dateRange) => set({ dateRange })}
        />
      </Stack>
    </Stack>
  );
}

interface ColumnSelectProps {
  label: string;
  value: string;
  columns: ImportPreview['columns'];
  disabled: boolean;
  helperText: string;
  onChange: (column: string) => void;
}

/** One of the file's columns, or none. */
function ColumnSelect({ label, value, columns, disabled, helperText, onChange }: ColumnSelectProps) {
  return (
    <SelectField
      fullWidth
      label={label}
      value={value}
      options={[{ value: '', label: <em>None</em> }, ...columns.map((column) => ({ value: column.name, label: column.name }))]}
      disabled={disabled}
      helperText={helperText}
      onChange={onChange}
    />
  );
}

import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { FIELD_MAPPING_LABELS, FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType, type MappedField } from '@domain/data/fields';
import type { RecordKind } from '@domain/data/unifiedModel';
import { usePhoneLayout } from '../usePhoneLayout';
import { FieldTitle, labelOf } from './FieldNames';
import { UnifiedFieldSelect } from './UnifiedFieldSelect';
import { unifiedOptionGroups } from './unifiedOptions';
import type { FieldValue } from './useMappingEdits';

export interface MappingEditorProps {
  fields: readonly MappedField[];
  valueOf: (field: MappedField) => FieldValue;
  /** The kinds of record of a field's sources: they decide which unified fields it may take. */
  kindsOf: (field: MappedField) => RecordKind[];
  disabled: boolean;
  onEdit: (field: MappedField, change: Partial<FieldValue>) => void;
}

/** Each field with its unified field and its type: a table, or on a phone one stacked row per field (field → unified field). */
export function MappingEditor({ fields, valueOf, kindsOf, disabled, onEdit }: MappingEditorProps) {
  const titleId = useId();
  const phone = usePhoneLayout();
  const where = (field: MappedField) => (field.isCustom ? 'Custom field' : field.sources.join(', '));
  const controls = (field: MappedField) => {
    const value = valueOf(field);
    return {
      select: (
        <UnifiedFieldSelect
          label={`Unified field for ${labelOf(field)}`}
          emptyLabel={FIELD_MAPPING_LABELS.notMapped}
          value={value.unifiedField}
          groups={unifiedOptionGroups(kindsOf(field))}
          disabled={disabled}
          onChange={(unifiedField) => onEdit(field, { unifiedField })}
        />
      ),
      type: (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.type}
          disabled={disabled}
          aria-label={`Type of ${labelOf(field)}`}
          onChange={(_event, type: FieldType | null) => type && onEdit(field, { type })}
        >
          {FIELD_TYPES.map((type) => (
            <ToggleButton key={type} value={type}>
              {FIELD_TYPE_LABELS[type]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ),
    };
  };
  const key = (field: MappedField) => `${field.isCustom}-${field.id}`;
  return (
    <>
      <Typography id={titleId} variant="subtitle1" component="h3">
        Fields
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-labelledby={titleId} sx={{ maxHeight: FIELD_MAPPING_LABELS.listMaxHeightPx, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {phone ? (
          <Box component="ul" aria-labelledby={titleId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {fields.length === 0 && (
              <Typography component="li" variant="body2" sx={{ p: 2 }}>
                No fields to map for this source.
              </Typography>
            )}
            {fields.map((field) => {
              const { select, type } = controls(field);
              return (
                <Stack component="li" key={key(field)} aria-label={labelOf(field)} spacing={1} sx={{ p: 1.5, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
                  <FieldTitle field={field} />
                  <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {where(field)}
                  </Typography>
                  {select}
                  {type}
                </Stack>
              );
            })}
          </Box>
        ) : (
          <Table size="small" stickyHeader aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell sx={{ minWidth: 220 }}>Unified field</TableCell>
                <TableCell>Type</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>No fields to map for this source.</TableCell>
                </TableRow>
              )}
              {fields.map((field) => {
                const { select, type } = controls(field);
                return (
                  <TableRow key={key(field)}>
                    <TableCell>
                      <FieldTitle field={field} />
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {where(field)}
                      </Typography>
                    </TableCell>
                    <TableCell>{select}</TableCell>
                    <TableCell>{type}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </TableContainer>
    </>
  );
}

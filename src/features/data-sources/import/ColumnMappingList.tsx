import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportColumn, ImportPreview } from '@domain/data/imports';
import type { FieldMapping } from '@domain/data/unifiedModel';
import { UnifiedFieldSelect } from '../mapping/UnifiedFieldSelect';
import type { UnifiedOptionGroup } from '../mapping/unifiedOptions';
import { usePhoneLayout } from '../usePhoneLayout';

export const LOOKS_LIKE: Record<ImportColumn['looksLike'], string> = {
  string: 'Text',
  number: 'Number',
  datetime: 'Date',
  boolean: 'True/false',
  email: 'E-mail',
};

export interface ColumnMappingListProps {
  preview: ImportPreview;
  mapping: FieldMapping;
  groups: readonly UnifiedOptionGroup[];
  /** Columns mapped to a field another column took first, with that column. */
  duplicates: Record<string, string>;
  disabled: boolean;
  onChange: (column: string, target: string) => void;
}

/**
 * Each column of the file with what it looks like, its first value and the unified field it goes
 * to: a table, or on a phone one stacked row per column (column → unified field).
 */
export function ColumnMappingList({ preview, mapping, groups, duplicates, disabled, onChange }: ColumnMappingListProps) {
  const titleId = useId();
  const phone = usePhoneLayout();
  const firstRow = preview.rows[0] ?? {};
  const select = (column: ImportColumn) => (
    <UnifiedFieldSelect
      label={`Unified field for ${column.name}`}
      emptyLabel="Keep as is"
      value={mapping[column.name] ?? ''}
      groups={groups}
      disabled={disabled}
      error={duplicates[column.name] ? `Already mapped from ${duplicates[column.name]}` : undefined}
      onChange={(target) => onChange(column.name, target)}
    />
  );
  return (
    <>
      <Typography id={titleId} variant="subtitle2" component="h3">
        Map columns to unified fields
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-labelledby={titleId} sx={{ maxHeight: phone ? 420 : 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {phone ? (
          <Box component="ul" aria-labelledby={titleId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {preview.columns.map((column) => (
              <Stack component="li" key={column.name} spacing={1} sx={{ p: 1.5, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {column.name}
                  </Box>{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    · {LOOKS_LIKE[column.looksLike]}
                    {firstRow[column.name] ? ` · ${firstRow[column.name]}` : ''}
                  </Box>
                </Typography>
                {select(column)}
              </Stack>
            ))}
          </Box>
        ) : (
          <Table size="small" stickyHeader aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>Column</TableCell>
                <TableCell>Looks like</TableCell>
                <TableCell>First value</TableCell>
                <TableCell sx={{ minWidth: 220 }}>Unified field</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.columns.map((column) => (
                <TableRow key={column.name}>
                  <TableCell sx={{ fontWeight: 600 }}>{column.name}</TableCell>
                  <TableCell>{LOOKS_LIKE[column.looksLike]}</TableCell>
                  <TableCell sx={{ maxWidth: 180, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{firstRow[column.name]}</TableCell>
                  <TableCell>{select(column)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </TableContainer>
    </>
  );
}

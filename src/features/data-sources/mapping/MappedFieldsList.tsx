import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FIELD_MAPPING_LABELS, FIELD_TYPE_LABELS, type MappedField } from '@domain/data/fields';
import { usePhoneLayout } from '../usePhoneLayout';
import { CodeName, FieldTitle, labelOf, MappedChip } from './FieldNames';
import { unifiedLabel } from './unifiedOptions';

const [, INTERNAL_NAME, TYPE, SOURCES, ACTIONS] = FIELD_MAPPING_LABELS.columns;

export interface MappedFieldsListProps {
  /** The fields drawn so far. */
  fields: readonly MappedField[];
  /** Why nothing is listed, when nothing is. */
  emptyText: string;
  /** The panel's heading, naming the table. */
  labelledBy: string;
  /** Remove on each row (it asks first); without it the rows have none. */
  onRemove?: (field: MappedField) => void;
}

const sourcesText = (field: MappedField) => (field.isCustom ? '—' : field.sources.join(', '));

/**
 * The fields in a box that scrolls past 400 px (specification, section 2), focusable so the
 * keyboard can scroll it: a table, or on a phone one stacked row per field with its labels.
 */
export function MappedFieldsList({ fields, emptyText, labelledBy, onRemove }: MappedFieldsListProps) {
  const phone = usePhoneLayout();
  const remove = (field: MappedField) =>
    onRemove && (
      <Button size="small" color="error" onClick={() => onRemove(field)} aria-label={`Remove ${labelOf(field)}`}>
        Remove
      </Button>
    );
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Mapped fields" sx={{ maxHeight: FIELD_MAPPING_LABELS.listMaxHeightPx, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {phone ? (
        <Box component="ul" aria-labelledby={labelledBy} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {fields.length === 0 && (
            <Typography component="li" variant="body2" sx={{ p: 2 }}>
              {emptyText}
            </Typography>
          )}
          {fields.map((field) => (
            <Stack component="li" key={`${field.isCustom}-${field.id}`} aria-label={labelOf(field)} spacing={1} sx={{ p: 1.5, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <FieldTitle field={field} />
                {remove(field)}
              </Stack>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, '& dt': { color: 'text.secondary', typography: 'caption' }, '& dd': { m: 0, typography: 'body2', minWidth: 0 } }}>
                <dt>Mapped to</dt>
                <dd>{field.unifiedField ? unifiedLabel(field.unifiedField) : FIELD_MAPPING_LABELS.notMapped}</dd>
                <dt>{INTERNAL_NAME}</dt>
                <dd>
                  <CodeName>{field.internalName}</CodeName>
                </dd>
                <dt>{TYPE}</dt>
                <dd>
                  {FIELD_TYPE_LABELS[field.type]}
                  {field.isCustom && <Chip size="small" label="Custom" sx={{ ml: 1 }} />}
                </dd>
                {!field.isCustom && (
                  <>
                    <dt>{SOURCES}</dt>
                    <dd style={{ overflowWrap: 'anywhere' }}>{sourcesText(field)}</dd>
                  </>
                )}
              </Box>
            </Stack>
          ))}
        </Box>
      ) : (
        <Table size="small" stickyHeader aria-labelledby={labelledBy}>
          <TableHead>
            <TableRow>
              {FIELD_MAPPING_LABELS.columns.map((column) => (
                <TableCell key={column} align={column === ACTIONS ? 'right' : 'left'}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.length === 0 && (
              <TableRow>
                <TableCell colSpan={FIELD_MAPPING_LABELS.columns.length}>{emptyText}</TableCell>
              </TableRow>
            )}
            {fields.map((field) => (
              <TableRow key={`${field.isCustom}-${field.id}`} hover>
                <TableCell>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <FieldTitle field={field} />
                    {field.unifiedField && <MappedChip unifiedField={field.unifiedField} />}
                    {field.isCustom && <Chip size="small" label="Custom" />}
                  </Stack>
                </TableCell>
                <TableCell>
                  <CodeName>{field.internalName}</CodeName>
                </TableCell>
                <TableCell>{FIELD_TYPE_LABELS[field.type]}</TableCell>
                <TableCell>{sourcesText(field)}</TableCell>
                <TableCell align="right">{remove(field)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TableContainer>
  );
}

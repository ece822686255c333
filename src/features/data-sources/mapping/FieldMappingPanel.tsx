import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FIELD_MAPPING_LABELS, FIELD_TYPE_LABELS, type MappedField } from '@domain/data/fields';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { useNotify } from '@/lib/notifications';
import { useCompanyFilter } from '@/lib/session';
import { useLastDefined } from '@/lib/useLastDefined';
import { useRevealInBatches } from '@/lib/useRevealInBatches';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { SelectField } from '@/ui/SelectField';
import { useMappedFields, useUpdateField } from './api';
import { ALL_SOURCES, sourceFilterOptions, sourcesOfFields, writeBlocked } from './fieldSources';
import { unifiedLabel } from './unifiedOptions';
import { visuallyHidden } from '@/ui/visuallyHidden';

// Downloaded when first opened, like the page's other dialogs.
const ConfigureMappingDialog = lazy(async () => ({ default: (await import('./ConfigureMappingDialog')).ConfigureMappingDialog }));

/** Rows put on the page per step: the list shows about ten before it scrolls. */
const ROWS_PER_STEP = 20;

export interface FieldMappingPanelProps {
  /** The company in view for a global admin; null for everyone else (they change their own). */
  companyId: string | null;
  /** Whether the user may change the mapping (data_sources:write). */
  canEdit: boolean;
}

function matches(field: MappedField, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || field.name.toLowerCase().includes(needle) || field.internalName.toLowerCase().includes(needle);
}

/**
 * Field Mapping: the unique fields of the connected sources with their internal names and unified
 * fields, filtered by source and name; Remove hides a field from the mapping (Configure Data
 * Mapping can restore it).
 */
export function FieldMappingPanel({ companyId, canEdit }: FieldMappingPanelProps) {
  const headingId = useId();
  const notify = useNotify();
  const { filterParam } = useCompanyFilter();
  const fieldsQuery = useMappedFields(filterParam);
  const remove = useUpdateField();
  const [sourceFilter, setSourceFilter] = useState(ALL_SOURCES);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<MappedField | null>(null);
  const [configuring, setConfiguring] = useState(false);
  // Mounted from its first opening on: its queries are not run for a dialog nobody opened.
  const [configureMounted, setConfigureMounted] = useState(false);
  const shownInConfirm = useLastDefined(removing);

  // The fields' first arrival is drawn in a background render, in slices a phone can interleave
  // with the rest of the page (React draws a query's answer at once and in one piece); later
  // changes (a field removed, a search typed) are drawn at once.
  const firstArrival = useDeferredValue(fieldsQuery.data);
  const loaded = fieldsQuery.isSuccess && firstArrival !== undefined;
  const fields = (firstArrival && fieldsQuery.data) ?? [];
  const active = fields.filter((field) => !field.removed);
  const sources = sourcesOfFields(fields);
  // A source that is gone (deleted) must not stay chosen, or the list would look empty for no reason.
  const chosenSource = sources.some((source) => source.id === sourceFilter) ? sourceFilter : ALL_SOURCES;
  const shown = active.filter((field) => (chosenSource === ALL_SOURCES || field.sourceIds.includes(chosenSource)) && matches(field, search));
  const blocked = writeBlocked(filterParam, companyId);
  const mayEdit = canEdit && !blocked;
  const noSources = loaded && sources.length === 0;
  // The list scrolls past about ten rows: the rest are put on the page in later steps.
  const drawnRows = useRevealInBatches(shown.length, ROWS_PER_STEP);

  const confirmRemove = () => {
    if (!removing) return;
    const { name } = removing;
    remove.mutate(
      { name, removed: true, companyId },
      {
        onSuccess: () => {
          notify.success(DATA_SOURCE_MESSAGES.fieldRemoved(name));
          setRemoving(null);
          remove.reset();
        },
      },
    );
  };

  const cancelRemove = () => {
    setRemoving(null);
    remove.reset();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography id={headingId} variant="h6" component="h2">
            {DATA_SOURCE_LABELS.fieldMapping}
          </Typography>
          {canEdit && (
            <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => {
                setConfigureMounted(true);
                setConfiguring(true);
              }} disabled={blocked || !loaded}>
              {DATA_SOURCE_LABELS.configureMapping}
            </Button>
          )}
        </Stack>
        {canEdit && blocked && <Alert severity="info">Choose a company in "View Data For" to change its mapping.</Alert>}

        {!loaded && !fieldsQuery.isError && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading fields" />
          </Box>
        )}
        {fieldsQuery.isError && <FailureAlert title="Failed to load fields" error={fieldsQuery.error} onRetry={() => void fieldsQuery.refetch()} />}

        {noSources && (
          <Box sx={{ py: 2, textAlign: 'center' }}>
            <Typography variant="subtitle1" component="h3">
              No fields to map yet
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto' }}>
              Fields appear here once data is connected: connect a source from Available Sources, or import a CSV, JSON or Excel
              file with Import Data. Each field can then be mapped to the unified data model.
            </Typography>
          </Box>
        )}

        {loaded && (!noSources || active.length > 0) && (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <SelectField size="small" label="Source" value={chosenSource} options={sourceFilterOptions(sources)} onChange={setSourceFilter} sx={{ minWidth: 200 }} />
              <TextField
                size="small"
                type="search"
                label={FIELD_MAPPING_LABELS.search}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
                sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary', ml: { sm: 'auto' } }} aria-live="polite">
                {FIELD_MAPPING_LABELS.shownOfTotal(shown.length, active.length)}
              </Typography>
            </Stack>

            {/* The list scrolls past 400 px (specification, section 2); focusable so the keyboard can scroll it. */}
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label="Mapped fields"
              sx={{ maxHeight: FIELD_MAPPING_LABELS.listMaxHeightPx, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Table size="small" stickyHeader aria-labelledby={headingId}>
                <TableHead>
                  <TableRow>
                    {FIELD_MAPPING_LABELS.columns.map((column) => (
                      <TableCell key={column} align={column === 'Actions' ? 'right' : 'left'}>
                        {column}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={FIELD_MAPPING_LABELS.columns.length}>
                        {active.length === 0 ? 'Every field has been removed; Configure Data Mapping can restore them.' : 'No fields match.'}
                      </TableCell>
                    </TableRow>
                  )}
                  {shown.slice(0, drawnRows).map((field) => (
                    <TableRow key={`${field.isCustom}-${field.id}`} hover>
                      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{field.internalName}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', position: 'relative' }}>
                          <span>{field.name}</span>
                          {field.unifiedField && (
                            <Chip
                              size="small"
                              color="primary"
                              variant="outlined"
                              icon={<ArrowForwardIcon />}
                              label={
                                <>
                                  <Box component="span" sx={visuallyHidden}>
                                    Mapped to{' '}
                                  </Box>
                                  {unifiedLabel(field.unifiedField)}
                                </>
                              }
                              title={`Mapped to the unified field ${field.unifiedField}`}
                            />
                          )}
                          {field.isCustom && <Chip size="small" label="Custom" />}
                        </Stack>
                      </TableCell>
                      <TableCell>{FIELD_TYPE_LABELS[field.type]}</TableCell>
                      <TableCell>{field.isCustom ? '—' : field.sources.join(', ')}</TableCell>
                      <TableCell align="right">
                        {mayEdit && (
                          <Button size="small" color="error" onClick={() => setRemoving(field)} aria-label={`Remove ${field.name}`}>
                            Remove
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </Stack>

      <ConfirmDialog
        open={removing !== null}
        title={FIELD_MAPPING_LABELS.removeTitle}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        error={remove.isError ? <FailureAlert title="Failed to remove field" error={remove.error} /> : undefined}
        onConfirm={confirmRemove}
        onCancel={cancelRemove}
      >
        {shownInConfirm ? FIELD_MAPPING_LABELS.removeConfirm(shownInConfirm.name) : ''}
      </ConfirmDialog>
      {canEdit && configureMounted && (
        <Suspense fallback={null}>
          <ConfigureMappingDialog open={configuring} onClose={() => setConfiguring(false)} companyId={companyId} />
        </Suspense>
      )}
    </Paper>
  );
}

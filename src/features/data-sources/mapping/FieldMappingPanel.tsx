import { lazy, Suspense, useId, useState } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FIELD_MAPPING_LABELS } from '@domain/data/fields';
import { DATA_SOURCE_LABELS } from '@domain/data/sources';
import { useCompanyFilter } from '@/lib/session';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { labelOf } from './FieldNames';
import { FieldFilters, NoFieldsYet } from './FieldFilters';
import { writeBlocked } from './fieldSources';
import { MappedFieldsList } from './MappedFieldsList';
import { useFieldList } from './useFieldList';
import { useRemoveField } from './useRemoveField';

// Downloaded when first opened, like the page's other dialogs.
const ConfigureMappingDialog = lazy(async () => ({ default: (await import('./ConfigureMappingDialog')).ConfigureMappingDialog }));

export interface FieldMappingPanelProps {
  /** The company in view for a global admin; null for everyone else (they change their own). */
  companyId: string | null;
  /** Whether the user may change the mapping (data_sources:write). */
  canEdit: boolean;
}

/**
 * Field Mapping: the unique fields of the connected sources by their labels, with their internal
 * names and unified fields, filtered by source and name; Remove hides a field from the mapping
 * (Configure Data Mapping can restore it).
 */
export function FieldMappingPanel({ companyId, canEdit }: FieldMappingPanelProps) {
  const headingId = useId();
  const { filterParam } = useCompanyFilter();
  const list = useFieldList(filterParam);
  const removal = useRemoveField(companyId);
  // Each opening starts from the server's mapping; mounted from the first one on.
  const [configure, setConfigure] = useState({ open: false, opening: 0 });
  const blocked = writeBlocked(filterParam, companyId);
  const { fieldsQuery, loaded, active, noSources } = list;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography id={headingId} variant="h6" component="h2">
            {DATA_SOURCE_LABELS.fieldMapping}
          </Typography>
          {canEdit && (
            <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setConfigure(({ opening }) => ({ open: true, opening: opening + 1 }))} disabled={blocked || !loaded}>
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
        {noSources && <NoFieldsYet />}
        {loaded && (!noSources || active.length > 0) && (
          <>
            <FieldFilters list={list} />
            <MappedFieldsList
              fields={list.drawn}
              labelledBy={headingId}
              emptyText={active.length === 0 ? 'Every field has been removed; Configure Data Mapping can restore them.' : 'No fields match.'}
              onRemove={canEdit && !blocked ? removal.ask : undefined}
            />
          </>
        )}
      </Stack>

      <ConfirmDialog
        open={removal.asking.open}
        title={FIELD_MAPPING_LABELS.removeTitle}
        confirmLabel="Remove"
        destructive
        busy={removal.remove.isPending}
        error={removal.remove.isError ? <FailureAlert title="Failed to remove field" error={removal.remove.error} /> : undefined}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      >
        {removal.asking.field ? FIELD_MAPPING_LABELS.removeConfirm(labelOf(removal.asking.field)) : ''}
      </ConfirmDialog>
      {canEdit && configure.opening > 0 && (
        <Suspense fallback={null}>
          <ConfigureMappingDialog key={configure.opening} open={configure.open} onClose={() => setConfigure((current) => ({ ...current, open: false }))} companyId={companyId} />
        </Suspense>
      )}
    </Paper>
  );
}

import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FIELD_MAPPING_LABELS, type MappedField } from '@domain/data/fields';
import { DATA_SOURCE_LABELS } from '@domain/data/sources';
import type { RecordKind } from '@domain/data/unifiedModel';
import { serverMessage } from '@/lib/failure';
import { useCompanyFilter } from '@/lib/session';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
import { SelectField } from '@/ui/SelectField';
import { fieldErrorsOf, useDataSources } from '../api';
import { MappingSaveError, useMappedFields } from './api';
import { CustomFieldForm } from './CustomFieldForm';
import { labelOf } from './FieldNames';
import { ALL_SOURCES, sourceFilterOptions, sourcesOfFields, writeBlocked } from './fieldSources';
import { MappingEditor } from './MappingEditor';
import { RemovedFields } from './RemovedFields';
import { useMappingEdits } from './useMappingEdits';

export interface ConfigureMappingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The company in view for a global admin; null for everyone else. */
  companyId: string | null;
  /** Opened from one source (after connecting it, say): its fields are shown first. */
  focusSourceId?: string;
}

/** Why a save stopped: the field, and the server's reason (the field-level one when it gave one). */
function saveFailure(error: unknown, fields: readonly MappedField[]): Error {
  if (!(error instanceof MappingSaveError)) return error instanceof Error ? error : new Error('Request failed');
  const reason = fieldErrorsOf(error.cause).unifiedField ?? serverMessage(error.cause, error.message);
  const field = fields.find((candidate) => candidate.name === error.field);
  return new Error(`${field ? labelOf(field) : error.field}: ${reason}`);
}

/**
 * Configure Data Mapping: every field's unified field and type (metric or dimension), saved
 * together; removed fields with Restore; and Add Custom Field. Its owner mounts it afresh (a new
 * key) at each opening, so each opening starts from the server's current mapping.
 */
export function ConfigureMappingDialog({ open, onClose, companyId, focusSourceId }: ConfigureMappingDialogProps) {
  const { filterParam } = useCompanyFilter();
  const fieldsQuery = useMappedFields(filterParam);
  const sourcesQuery = useDataSources(filterParam);
  const [sourceFilter, setSourceFilter] = useState(focusSourceId ?? ALL_SOURCES);
  const [adding, setAdding] = useState(false);
  const fields = useMemo(() => fieldsQuery.data ?? [], [fieldsQuery.data]);
  const active = fields.filter((field) => !field.removed);
  const { valueOf, changes, edit, submit, save } = useMappingEdits(active, companyId, onClose);
  const kindById = new Map<string, RecordKind>((sourcesQuery.data ?? []).map((source) => [source.id, source.recordKind]));
  const kindsOf = (field: MappedField) => field.sourceIds.flatMap((id) => (kindById.has(id) ? [kindById.get(id)!] : []));
  const blocked = writeBlocked(filterParam, companyId);

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={DATA_SOURCE_LABELS.configureMapping}
      subtitle="Map each field to the unified data model, and say whether it is a metric or a dimension."
      maxWidth="lg"
      actions={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={submit} disabled={blocked || changes.length === 0 || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <Stack spacing={2.5}>
        {blocked && <Alert severity="info">Choose a company in "View Data For" to change its mapping.</Alert>}
        {fieldsQuery.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading fields" />
          </Box>
        )}
        {fieldsQuery.isError && <FailureAlert title="Failed to load fields" error={fieldsQuery.error} onRetry={() => void fieldsQuery.refetch()} />}
        {fieldsQuery.isSuccess && (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <SelectField
                size="small"
                label="Source"
                value={sourceFilter}
                options={sourceFilterOptions(sourcesOfFields(fields, sourcesQuery.data))}
                onChange={setSourceFilter}
                sx={{ minWidth: 220 }}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
                {changes.length === 0 ? 'No unsaved changes' : `${changes.length} unsaved ${changes.length === 1 ? 'change' : 'changes'}`}
              </Typography>
            </Stack>
            <MappingEditor
              fields={active.filter((field) => sourceFilter === ALL_SOURCES || field.sourceIds.includes(sourceFilter))}
              valueOf={valueOf}
              kindsOf={kindsOf}
              disabled={blocked || save.isPending}
              onEdit={edit}
            />
            {save.isError && <FailureAlert title="Failed to save data mapping" error={saveFailure(save.error, fields)} />}
            <Divider />
            <RemovedFields fields={fields.filter((field) => field.removed)} companyId={companyId} disabled={blocked} />
            <Divider />
            {adding ? (
              <CustomFieldForm companyId={companyId} onAdded={() => setAdding(false)} onCancel={() => setAdding(false)} />
            ) : (
              <Box>
                <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={blocked}>
                  {FIELD_MAPPING_LABELS.addCustomField}
                </Button>
              </Box>
            )}
          </>
        )}
      </Stack>
    </ModalDialog>
  );
}

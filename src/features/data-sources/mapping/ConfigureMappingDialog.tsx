import { useId, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
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
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES, type DataSource } from '@domain/data/sources';
import type { RecordKind } from '@domain/data/unifiedModel';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useCompanyFilter } from '@/lib/session';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
import { SelectField } from '@/ui/SelectField';
import { fieldErrorsOf, useDataSources } from '../api';
import { MappingSaveError, useMappedFields, useSaveMapping, useUpdateField, type FieldChange } from './api';
import { CustomFieldForm } from './CustomFieldForm';
import { ALL_SOURCES, sourceFilterOptions, sourcesOfFields, writeBlocked } from './fieldSources';
import { UnifiedFieldSelect } from './UnifiedFieldSelect';
import { unifiedOptionGroups } from './unifiedOptions';

export interface ConfigureMappingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The company in view for a global admin; null for everyone else. */
  companyId: string | null;
  /** Opened from one source (after connecting it, say): its fields are shown first. */
  focusSourceId?: string;
}

/**
 * Configure Data Mapping: every field's unified field and type (metric or dimension), saved
 * together; removed fields with Restore; and Add Custom Field. Each opening starts from the
 * server's current mapping.
 */
export function ConfigureMappingDialog(props: ConfigureMappingDialogProps) {
  const [opened, setOpened] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpened((count) => count + 1);
  }
  return <ConfigureMapping key={opened} {...props} />;
}

type Edits = Record<string, { unifiedField?: string; type?: FieldType }>;

/** Why a save stopped: the field, and the server's reason (the field-level one when it gave one). */
function saveFailure(error: unknown): Error {
  if (!(error instanceof MappingSaveError)) return error instanceof Error ? error : new Error('Request failed');
  const reason = fieldErrorsOf(error.cause).unifiedField ?? serverMessage(error.cause, error.message);
  return new Error(`${error.field}: ${reason}`);
}

function ConfigureMapping({ open, onClose, companyId, focusSourceId }: ConfigureMappingDialogProps) {
  const notify = useNotify();
  const tableTitleId = useId();
  const removedTitleId = useId();
  const { filterParam } = useCompanyFilter();
  const fieldsQuery = useMappedFields(filterParam);
  const sourcesQuery = useDataSources(filterParam);
  const save = useSaveMapping();
  const restore = useUpdateField();
  const [edits, setEdits] = useState<Edits>({});
  const [sourceFilter, setSourceFilter] = useState(focusSourceId ?? ALL_SOURCES);
  const [adding, setAdding] = useState(false);

  const fields = useMemo(() => fieldsQuery.data ?? [], [fieldsQuery.data]);
  const sourceOptions = sourcesOfFields(fields, sourcesQuery.data);
  const kindById = new Map<string, RecordKind>((sourcesQuery.data ?? []).map((source: DataSource) => [source.id, source.recordKind]));
  const blocked = writeBlocked(filterParam, companyId);

  const active = fields.filter((field) => !field.removed);
  const shown = active.filter((field) => sourceFilter === ALL_SOURCES || field.sourceIds.includes(sourceFilter));
  const removed = fields.filter((field) => field.removed);

  const valueOf = (field: MappedField) => ({
    unifiedField: edits[field.name]?.unifiedField ?? field.unifiedField ?? '',
    type: edits[field.name]?.type ?? field.type,
  });
  const changes: FieldChange[] = active.flatMap((field) => {
    const value = valueOf(field);
    const changed = value.unifiedField !== (field.unifiedField ?? '') || value.type !== field.type;
    return changed ? [{ name: field.name, unifiedField: value.unifiedField || null, type: value.type }] : [];
  });

  const edit = (field: MappedField, change: Edits[string]) => {
    save.reset();
    setEdits((current) => ({ ...current, [field.name]: { ...current[field.name], ...change } }));
  };

  const submit = () =>
    save.mutate(
      { changes, companyId },
      {
        onSuccess: () => {
          notify.success(DATA_SOURCE_MESSAGES.mappingSaved);
          onClose();
        },
        // The fields saved before the failure are on the server now: only the rest stay edited.
        onError: (error) => {
          if (!(error instanceof MappingSaveError)) return;
          const saved = new Set(changes.slice(0, error.saved).map((change) => change.name));
          setEdits((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !saved.has(name))));
        },
      },
    );

  const restoreField = (field: MappedField) =>
    restore.mutate(
      { name: field.name, removed: false, companyId },
      { onSuccess: () => notify.success(DATA_SOURCE_MESSAGES.fieldRestored(field.name)) },
    );

  const kindsOf = (field: MappedField) => field.sourceIds.flatMap((id) => (kindById.has(id) ? [kindById.get(id)!] : []));

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
              <SelectField size="small" label="Source" value={sourceFilter} options={sourceFilterOptions(sourceOptions)} onChange={setSourceFilter} sx={{ minWidth: 220 }} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
                {changes.length === 0 ? 'No unsaved changes' : `${changes.length} unsaved ${changes.length === 1 ? 'change' : 'changes'}`}
              </Typography>
            </Stack>

            <Typography id={tableTitleId} variant="subtitle1" component="h3">
              Fields
            </Typography>
            <TableContainer
              tabIndex={0}
              role="region"
              aria-labelledby={tableTitleId}
              sx={{ maxHeight: FIELD_MAPPING_LABELS.listMaxHeightPx, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Table size="small" stickyHeader aria-labelledby={tableTitleId}>
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>Unified field</TableCell>
                    <TableCell>Type</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={3}>No fields to map for this source.</TableCell>
                    </TableRow>
                  )}
                  {shown.map((field) => {
                    const value = valueOf(field);
                    return (
                      <TableRow key={`${field.isCustom}-${field.id}`}>
                        <TableCell>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {field.name}
                          </Typography>
                          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                            {field.isCustom ? 'Custom field' : field.sources.join(', ')}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          <UnifiedFieldSelect
                            label={`Unified field for ${field.name}`}
                            emptyLabel="Not mapped"
                            value={value.unifiedField}
                            groups={unifiedOptionGroups(kindsOf(field))}
                            disabled={blocked || save.isPending}
                            onChange={(unifiedField) => edit(field, { unifiedField })}
                          />
                        </TableCell>
                        <TableCell>
                          <ToggleButtonGroup
                            exclusive
                            size="small"
                            value={value.type}
                            disabled={blocked || save.isPending}
                            aria-label={`Type of ${field.name}`}
                            onChange={(_event, type: FieldType | null) => type && edit(field, { type })}
                          >
                            {FIELD_TYPES.map((type) => (
                              <ToggleButton key={type} value={type}>
                                {FIELD_TYPE_LABELS[type]}
                              </ToggleButton>
                            ))}
                          </ToggleButtonGroup>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            {save.isError && <FailureAlert title="Failed to save data mapping" error={saveFailure(save.error)} />}

            <Divider />
            <Box>
              <Typography id={removedTitleId} variant="subtitle1" component="h3">
                Removed fields
              </Typography>
              {removed.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  No field has been removed from the mapping.
                </Typography>
              ) : (
                <List dense aria-labelledby={removedTitleId}>
                  {removed.map((field) => (
                    <ListItem
                      key={`${field.isCustom}-${field.id}`}
                      secondaryAction={
                        <Button
                          size="small"
                          onClick={() => restoreField(field)}
                          disabled={blocked || (restore.isPending && restore.variables?.name === field.name)}
                          aria-label={`${FIELD_MAPPING_LABELS.restore} ${field.name}`}
                        >
                          {FIELD_MAPPING_LABELS.restore}
                        </Button>
                      }
                    >
                      <ListItemText primary={field.name} secondary={field.isCustom ? 'Custom field' : `${field.internalName} · ${field.sources.join(', ')}`} />
                    </ListItem>
                  ))}
                </List>
              )}
              {restore.isError && <FailureAlert title="Failed to restore field" error={restore.error} />}
            </Box>

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

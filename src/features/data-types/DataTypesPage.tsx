/** Data Types (platform specification, sections 2 to 8), routed at /data-types. */
import { lazy, Suspense, useId } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_TYPE_MESSAGES } from '@domain/dataTypes/dataTypes';
import { useCompanies } from '@/lib/accounts';
import { ALL_COMPANIES, isGlobalAdmin, useCompanyFilter, useSession } from '@/lib/session';
import { DataTypeFilterBar } from './components/DataTypeFilterBar';
import { DataTypesList, Spinner } from './components/DataTypesList';
import { useDataTypeEditor } from './useDataTypeEditor';
import { useShownDataTypes } from './useShownDataTypes';

// The form (react-hook-form and its fields) and the delete confirmation are downloaded when first
// wanted: pointing at Create Data Type is enough to start the form's download.
const loadForm = () => import('./components/DataTypeForm');
const DataTypeForm = lazy(async () => ({ default: (await loadForm()).DataTypeForm }));
const preloadForm = () => void loadForm();
const ConfirmDialog = lazy(async () => ({ default: (await import('@/ui/ConfirmDialog')).ConfirmDialog }));
/** About the height of the form, held while its code arrives so the list below does not jump twice. */
const FORM_HEIGHT = 320;

export function DataTypesPage() {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const globalAdmin = isGlobalAdmin(session);
  const canManage = can('manageData');
  // The page's own company filter is the global admin's, and only while no company is chosen globally.
  const choosesCompany = globalAdmin && companyFilter === ALL_COMPANIES;
  const companies = useCompanies(globalAdmin);
  const list = useShownDataTypes(filterParam, choosesCompany);
  // A global admin files a new type under the company in view; with all companies in view it is global.
  const editor = useDataTypeEditor(globalAdmin ? filterParam : undefined);
  const { toDelete } = editor;
  const formHeadingId = useId();
  const listHeadingId = useId();

  const viewedCompanyName = filterParam ? companies.data?.find((company) => company.id === filterParam)?.name : undefined;
  let destination: string;
  if (!globalAdmin) destination = `It will belong to ${session?.company.name ?? 'your company'}.`;
  else if (!filterParam) destination = 'It will be a global data type: every company sees it.';
  else destination = `It will belong to ${viewedCompanyName ?? 'the company chosen in View Data For'}.`;

  const createButton = canManage && editor.form.kind !== 'create' && (
    <Button variant="contained" startIcon={<AddIcon />} onPointerEnter={preloadForm} onFocus={preloadForm} onClick={editor.openCreate}>
      Create Data Type
    </Button>
  );

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Box>
          <Typography variant="h4" component="h1" gutterBottom>
            Data Types
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 720 }}>
            Name the fields your survey questions are bound to. Global data types are shared with every company.
          </Typography>
        </Box>
        {createButton && <Box sx={{ flexShrink: 0 }}>{createButton}</Box>}
      </Stack>

      {editor.form.kind !== 'closed' && (
        <Paper variant="outlined" component="section" aria-labelledby={formHeadingId} sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" id={formHeadingId} sx={{ mb: 2 }}>
            {editor.form.kind === 'edit' ? 'Edit Data Type' : 'Create Data Type'}
          </Typography>
          <Suspense fallback={<Spinner label="Loading the form" minHeight={FORM_HEIGHT} />}>
            <DataTypeForm
              key={editor.opening}
              dataType={editor.form.kind === 'edit' ? editor.form.dataType : undefined}
              destination={destination}
              pending={editor.saving}
              onSubmit={editor.submit}
              onCancel={editor.closeForm}
            />
          </Suspense>
        </Paper>
      )}

      <Paper variant="outlined" component="section" aria-labelledby={listHeadingId} sx={{ p: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
          <Typography variant="h6" component="h2" id={listHeadingId}>
            {list.loaded ? `Data Types (${list.shown.length})` : 'Data Types'}
          </Typography>
          {list.loaded && (list.drawn?.length ?? 0) > 0 && (
            <DataTypeFilterBar filters={list.filters} onChange={list.setFilters} companies={choosesCompany ? (companies.data ?? []) : undefined} />
          )}
        </Stack>
        <DataTypesList
          all={list.drawn}
          shown={list.shown}
          error={list.query.isError ? list.query.error : null}
          onRetry={() => void list.query.refetch()}
          canManage={canManage}
          isGlobalAdmin={globalAdmin}
          createButton={editor.form.kind === 'closed' && createButton}
          onClearFilters={list.clearFilters}
          onEdit={editor.edit}
          onDelete={editor.askDelete}
        />
      </Paper>

      {/* Mounted from its first opening (its code is downloaded then), so its closing transition plays. */}
      {toDelete.shown && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={toDelete.open}
            title="Delete Data Type"
            confirmLabel="Delete"
            destructive
            busy={editor.deleting}
            onConfirm={editor.confirmDelete}
            onCancel={editor.cancelDelete}
          >
            {DATA_TYPE_MESSAGES.confirmDelete} <strong>{toDelete.shown.name}</strong> ({toDelete.shown.dataFieldName})
          </ConfirmDialog>
        </Suspense>
      )}
    </Stack>
  );
}

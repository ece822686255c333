/** Data Types (platform specification, sections 2 to 8), routed at /data-types. */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DATA_TYPE_MESSAGES, type DataType } from '@domain/dataTypes/dataTypes';
import { useCompanies } from '@/lib/accounts';
import { failureReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ALL_COMPANIES, isGlobalAdmin, useCompanyFilter, useSession } from '@/lib/session';
import { useLastDefined } from '@/lib/useLastDefined';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { FailureAlert } from '@/ui/FailureAlert';
import { useCreateDataType, useDataTypes, useDeleteDataType, useUpdateDataType, type DataTypeFields } from './api';
import { DataTypeFilterBar } from './components/DataTypeFilterBar';
import { filterDataTypes, NO_FILTERS, type DataTypeFilters } from './filtering';

/** The theme's `sm` breakpoint: narrower than this, the list is drawn as cards. */
const WIDER_THAN_PHONE = '(min-width:600px)';
// The grid is most of the page's code. Phones get cards instead (DataTypeCards) and never download
// it. Whichever the screen draws starts downloading with the page, beside the list's fetch, and the
// heading, filters and form do not wait for it.
const loadTable = () => import('./components/DataTypeTable');
const loadCards = () => import('./components/DataTypeCards');
if (typeof window !== 'undefined' && window.matchMedia) void (window.matchMedia(WIDER_THAN_PHONE).matches ? loadTable() : loadCards());
const DataTypeTable = lazy(async () => ({ default: (await loadTable()).DataTypeTable }));
const DataTypeCards = lazy(async () => ({ default: (await loadCards()).DataTypeCards }));
// The form (react-hook-form and its fields) and the delete confirmation are downloaded when first
// wanted: pointing at Create Data Type is enough to start the form's download.
const loadForm = () => import('./components/DataTypeForm');
const DataTypeForm = lazy(async () => ({ default: (await loadForm()).DataTypeForm }));
const preloadForm = () => void loadForm();
const ConfirmDialog = lazy(async () => ({ default: (await import('@/ui/ConfirmDialog')).ConfirmDialog }));
/** About the height of the form, held while its code arrives so the list below does not jump twice. */
const FORM_HEIGHT = 320;

type FormState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; dataType: DataType };

/** The server's reason, as the specification's "Failed to ...: ..." messages end. */
const reasonOf = (error: unknown) => failureReason(error) ?? 'Unknown error';

export function DataTypesPage() {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const notify = useNotify();
  const globalAdmin = isGlobalAdmin(session);
  const canManage = can('manageData');
  // The page's own company filter is the global admin's, and only while no company is chosen globally.
  const choosesCompany = globalAdmin && companyFilter === ALL_COMPANIES;

  const wide = useMediaQuery(WIDER_THAN_PHONE, { noSsr: true });
  const TypesList = wide ? DataTypeTable : DataTypeCards;
  const dataTypes = useDataTypes(filterParam);
  const companies = useCompanies(globalAdmin);
  const create = useCreateDataType();
  const update = useUpdateDataType();
  const remove = useDeleteDataType();

  const [form, setForm] = useState<FormState>({ kind: 'closed' });
  // Each opening mounts a fresh form, so nothing typed before a Cancel or a save comes back.
  const [opening, setOpening] = useState(0);
  const [filters, setFilters] = useState<DataTypeFilters>(NO_FILTERS);
  const [toDelete, setToDelete] = useState<DataType | null>(null);
  const shownToDelete = useLastDefined(toDelete);
  const deleteOpened = useOpenedOnce(toDelete !== null);

  useLoadFailureNotice(dataTypes.error);

  const openForm = useCallback((next: FormState) => {
    setOpening((count) => count + 1);
    setForm(next);
  }, []);
  const closeForm = useCallback(() => setForm({ kind: 'closed' }), []);
  const edit = useCallback((dataType: DataType) => openForm({ kind: 'edit', dataType }), [openForm]);

  const effectiveFilters = choosesCompany ? filters : { ...filters, company: NO_FILTERS.company };
  // The list arrives as a store update, which React draws at once and in one piece. Its first
  // arrival is read through useDeferredValue instead: the filters and the grid are then drawn
  // together in a background render, in slices a phone can interleave with other work (the grid
  // is costly to mount). Later changes (a type saved or deleted) are drawn at once, as before.
  const firstArrival = useDeferredValue(dataTypes.data);
  const drawnTypes = firstArrival === undefined ? undefined : dataTypes.data;
  const all = drawnTypes ?? [];
  // Kept between renders, so the grid is not drawn again when something else on the page changes.
  const companyChoice = effectiveFilters.company;
  const kindChoice = effectiveFilters.type;
  const shown = useMemo(() => filterDataTypes(drawnTypes ?? [], { company: companyChoice, type: kindChoice }), [drawnTypes, companyChoice, kindChoice]);

  const viewedCompanyName = filterParam ? companies.data?.find((company) => company.id === filterParam)?.name : undefined;
  let destination: string;
  if (!globalAdmin) destination = `It will belong to ${session?.company.name ?? 'your company'}.`;
  else if (!filterParam) destination = 'It will be a global data type: every company sees it.';
  else destination = `It will belong to ${viewedCompanyName ?? 'the company chosen in View Data For'}.`;

  const submit = (values: DataTypeFields) => {
    if (form.kind === 'edit') {
      update.mutate(
        { id: form.dataType.id, ...values },
        {
          onSuccess: () => {
            notify.success(DATA_TYPE_MESSAGES.updated);
            closeForm();
          },
          onError: (error) => notify.error(DATA_TYPE_MESSAGES.updateFailed(reasonOf(error))),
        },
      );
      return;
    }
    // A global admin files the type under the company in view; with all companies in view it is global.
    const companyId = globalAdmin && filterParam ? { companyId: filterParam } : {};
    create.mutate(
      { ...values, ...companyId },
      {
        onSuccess: () => {
          notify.success(DATA_TYPE_MESSAGES.created);
          closeForm();
        },
        onError: (error) => notify.error(DATA_TYPE_MESSAGES.createFailed(reasonOf(error))),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const deleted = toDelete;
    remove.mutate(deleted.id, {
      onSuccess: () => {
        setToDelete(null);
        notify.success(DATA_TYPE_MESSAGES.deleted);
        if (form.kind === 'edit' && form.dataType.id === deleted.id) closeForm();
      },
      onError: (error) => {
        setToDelete(null);
        notify.error(DATA_TYPE_MESSAGES.deleteFailed(reasonOf(error)));
      },
    });
  };

  const createButton = canManage && form.kind !== 'create' && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onPointerEnter={preloadForm}
      onFocus={preloadForm}
      onClick={() => openForm({ kind: 'create' })}
    >
      Create Data Type
    </Button>
  );

  let list: ReactNode;
  if (dataTypes.isError) {
    list = (
      <FailureAlert title={DATA_TYPE_MESSAGES.loadFailed(reasonOf(dataTypes.error))} error={null} onRetry={() => void dataTypes.refetch()} />
    );
  } else if (!drawnTypes) {
    list = <Spinner />;
  } else if (all.length === 0) {
    list = (
      <EmptyState title={DATA_TYPE_MESSAGES.noneFound} icon={<CategoryOutlinedIcon />}>
        <Typography sx={{ color: 'text.secondary' }}>
          {canManage ? DATA_TYPE_MESSAGES.noneFoundHint : 'Data types created by your administrators will appear here.'}
        </Typography>
        {form.kind === 'closed' && createButton}
      </EmptyState>
    );
  } else if (shown.length === 0) {
    list = (
      <EmptyState title={DATA_TYPE_MESSAGES.noneMatch} icon={<FilterAltOffOutlinedIcon />}>
        <Typography sx={{ color: 'text.secondary' }}>Change or clear the filters to see more data types.</Typography>
        <Button onClick={() => setFilters(NO_FILTERS)}>Clear Filters</Button>
      </EmptyState>
    );
  } else {
    list = (
      <Suspense fallback={<Spinner />}>
        <TypesList dataTypes={shown} canManage={canManage} isGlobalAdmin={globalAdmin} onEdit={edit} onDelete={setToDelete} />
      </Suspense>
    );
  }

  const formHeadingId = useId();
  const listHeadingId = useId();
  const loaded = dataTypes.isSuccess && drawnTypes !== undefined;

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

      {form.kind !== 'closed' && (
        <Paper variant="outlined" component="section" aria-labelledby={formHeadingId} sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" id={formHeadingId} sx={{ mb: 2 }}>
            {form.kind === 'edit' ? 'Edit Data Type' : 'Create Data Type'}
          </Typography>
          <Suspense fallback={<Spinner label="Loading the form" minHeight={FORM_HEIGHT} />}>
            <DataTypeForm
              key={opening}
              dataType={form.kind === 'edit' ? form.dataType : undefined}
              destination={destination}
              pending={form.kind === 'edit' ? update.isPending : create.isPending}
              onSubmit={submit}
              onCancel={closeForm}
            />
          </Suspense>
        </Paper>
      )}

      <Paper variant="outlined" component="section" aria-labelledby={listHeadingId} sx={{ p: 3 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
        >
          <Typography variant="h6" component="h2" id={listHeadingId}>
            {loaded ? `Data Types (${shown.length})` : 'Data Types'}
          </Typography>
          {loaded && all.length > 0 && (
            <DataTypeFilterBar
              filters={effectiveFilters}
              onChange={setFilters}
              companies={choosesCompany ? (companies.data ?? []) : undefined}
            />
          )}
        </Stack>
        {list}
      </Paper>

      {deleteOpened && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={Boolean(toDelete)}
            title="Delete Data Type"
            confirmLabel="Delete"
            destructive
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setToDelete(null)}
          >
            {shownToDelete && (
              <>
                {DATA_TYPE_MESSAGES.confirmDelete} <strong>{shownToDelete.name}</strong> ({shownToDelete.dataFieldName})
              </>
            )}
          </ConfirmDialog>
        </Suspense>
      )}
    </Stack>
  );
}

/** A failed load is also announced as a notice, once per failure (not again on a re-render). */
function useLoadFailureNotice(error: unknown) {
  const notify = useNotify();
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!error || announced.current === error) return;
    announced.current = error;
    notify.error(DATA_TYPE_MESSAGES.loadFailed(reasonOf(error)));
  }, [error, notify]);
}

function Spinner({ label = 'Loading data types', minHeight }: { label?: string; minHeight?: number }) {
  return (
    <Stack sx={{ alignItems: 'center', justifyContent: 'center', py: 6, minHeight }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}

function EmptyState({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6, color: 'text.secondary', '& > svg': { fontSize: 48 } }}>
      {icon}
      <Typography variant="h6" component="h3" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

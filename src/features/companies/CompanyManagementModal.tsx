/** Company Management (specification, section 2), global admin only: list, add, edit, delete. */
import { useCallback, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import { useCompanies } from '@/lib/accounts';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { useCreateCompany, useDeleteCompany, useUpdateCompany } from './api';
import { CompanyForm } from './components/CompanyForm';
import { CompanyTable } from './components/CompanyTable';

type View = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; company: Company };

export default function CompanyManagementModal({ open, onClose }: ModalProps) {
  const notify = useNotify();
  const { session, updateCompany } = useSession();
  const companies = useCompanies(open);
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const remove = useDeleteCompany();
  const [view, setView] = useState<View>({ kind: 'list' });
  const toDelete = useDialogSubject<Company>();

  const showList = () => {
    create.reset();
    update.reset();
    setView({ kind: 'list' });
  };

  const submit = (values: CompanyInput) => {
    if (view.kind === 'edit') {
      update.mutate(
        { id: view.company.id, ...values },
        {
          onSuccess: (saved) => {
            // The header shows the admin's own company from the session.
            if (saved && saved.id === session?.company.id) updateCompany(saved);
            notify.success(`Company ${values.name} updated successfully`);
            showList();
          },
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          notify.success(`Company ${values.name} created successfully`);
          showList();
        },
      });
    }
  };

  const confirmDelete = () => {
    if (!toDelete.subject) return;
    const { id, name } = toDelete.subject;
    remove.mutate(id, {
      onSuccess: () => {
        toDelete.close();
        notify.success(`Company ${name} deleted successfully`);
      },
    });
  };

  const { reset: forgetDeleteFailure } = remove;
  const { show: showDelete } = toDelete;
  const askDelete = useCallback(
    (company: Company) => {
      forgetDeleteFailure();
      showDelete(company);
    },
    [forgetDeleteFailure, showDelete],
  );
  const edit = useCallback((company: Company) => setView({ kind: 'edit', company }), []);

  let content;
  if (view.kind !== 'list') {
    const mutation = view.kind === 'edit' ? update : create;
    content = (
      <Stack spacing={2}>
        <Box>
          <Button startIcon={<ArrowBackIcon />} onClick={showList} disabled={mutation.isPending}>
            Back to companies
          </Button>
        </Box>
        <Typography variant="subtitle1" component="h3">
          {view.kind === 'edit' ? `Edit ${view.company.name}` : 'Add Company'}
        </Typography>
        <CompanyForm
          key={view.kind === 'edit' ? view.company.id : 'new'}
          company={view.kind === 'edit' ? view.company : undefined}
          onSubmit={submit}
          onCancel={showList}
          submitting={mutation.isPending}
          error={mutation.error}
        />
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setView({ kind: 'add' })}>
            Add Company
          </Button>
        </Box>
        {companies.isPending ? (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading companies" />
          </Stack>
        ) : companies.isError ? (
          <FailureAlert title="Failed to load companies" error={companies.error} onRetry={() => void companies.refetch()} />
        ) : companies.data.length === 0 ? (
          <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>No companies found.</Typography>
        ) : (
          <CompanyTable companies={companies.data} onEdit={edit} onDelete={askDelete} />
        )}
      </Stack>
    );
  }

  return (
    <ModalDialog open={open} onClose={onClose} title="Company Management" maxWidth="lg">
      {content}
      <ConfirmDialog
        open={toDelete.open}
        title="Delete Company"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={remove.isError && <FailureAlert title="Failed to delete company" error={remove.error} />}
        onConfirm={confirmDelete}
        onCancel={toDelete.close}
      >
        {toDelete.shown && `Are you sure you want to delete ${toDelete.shown.name}? This action cannot be undone.`}
      </ConfirmDialog>
    </ModalDialog>
  );
}

/** User Management (specification, section 2): the user table, the invite form, status, reset password, delete. */
import { useCallback, useState } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Company, InviteResponse, ManagedUser } from '@domain/auth/types';
import { USER_STATUS_LABELS, type UserStatus } from '@domain/company/options';
import { useCompanies } from '@/lib/accounts';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { useDeleteUser, useSetUserStatus, useUnlinkSso, useUsers } from './api';
import { InvitationLinkPanel } from './components/InvitationLinkPanel';
import { InviteUserForm } from './components/InviteUserForm';
import { ResetPasswordDialog } from './components/ResetPasswordDialog';
import { SsoPanel } from './components/SsoPanel';
import { UserTable } from './components/UserTable';
import type { RoleAssigner } from './roleOptions';
import { useAdminScope } from './useAdminScope';

type InvitePanel = { kind: 'closed' } | { kind: 'form' } | { kind: 'sent'; invitation: InviteResponse };

export default function UserManagementModal({ open, onClose }: ModalProps) {
  const { session, can } = useSession();
  const { filterParam, viewingAll, scopeLabel, assigner } = useAdminScope();
  const notify = useNotify();
  const canManage = can('manageUsers');

  const users = useUsers(filterParam, open);
  const companies = useCompanies(open && viewingAll && canManage);
  const setStatus = useSetUserStatus();
  const deleteUser = useDeleteUser();
  const unlinkSso = useUnlinkSso();

  const [invitePanel, setInvitePanel] = useState<InvitePanel>({ kind: 'closed' });
  // Each dialog keeps what it showed while it fades out after being answered.
  const statusChange = useDialogSubject<{ user: ManagedUser; status: UserStatus }>();
  const passwordUser = useDialogSubject<ManagedUser>();
  const userToDelete = useDialogSubject<ManagedUser>();
  const userToUnlink = useDialogSubject<ManagedUser>();

  const handleInvited = (invitation: InviteResponse) => {
    notify.success(`Invitation sent to ${invitation.user.email}`);
    setInvitePanel({ kind: 'sent', invitation });
  };

  const confirmStatusChange = () => {
    if (!statusChange.subject) return;
    const { user, status } = statusChange.subject;
    statusChange.close();
    setStatus.mutate(
      { id: user.id, status },
      {
        onSuccess: () => notify.success(`${user.name} is now ${USER_STATUS_LABELS[status]}`),
        onError: (error) => notify.error(withReason('Failed to update user status', error)),
      },
    );
  };

  const confirmDelete = () => {
    if (!userToDelete.subject) return;
    const user = userToDelete.subject;
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        userToDelete.close();
        notify.success(`User ${user.name} was deleted`);
      },
    });
  };

  const confirmUnlink = () => {
    if (!userToUnlink.subject) return;
    const user = userToUnlink.subject;
    userToUnlink.close();
    unlinkSso.mutate(user.id, {
      onSuccess: () => notify.success(`${user.name} is no longer linked to single sign-on`),
      onError: (error) => notify.error(withReason('Failed to unlink single sign-on', error)),
    });
  };

  // The company whose single sign-on the panel shows: the one in view, unless all are.
  const ssoCompanyId = viewingAll ? undefined : (filterParam ?? session?.company.id);

  // Stable, so the grid's columns are not rebuilt on every render.
  const { show: showStatusChange } = statusChange;
  const askStatusChange = useCallback((user: ManagedUser, status: UserStatus) => showStatusChange({ user, status }), [showStatusChange]);
  const { reset: forgetDeleteFailure } = deleteUser;
  const { show: showDelete } = userToDelete;
  const askDelete = useCallback(
    (user: ManagedUser) => {
      forgetDeleteFailure();
      showDelete(user);
    },
    [forgetDeleteFailure, showDelete],
  );

  return (
    <ModalDialog open={open} onClose={onClose} title="User Management" subtitle={scopeLabel} maxWidth="lg">
      <Stack spacing={3}>
        {canManage && (
          <InviteSection
            panel={invitePanel}
            setPanel={setInvitePanel}
            onInvited={handleInvited}
            assigner={assigner}
            choosesCompany={viewingAll}
            companyChoices={companies.data}
            companiesFailed={companies.error}
            fixedCompanyId={filterParam ?? session?.company.id}
          />
        )}
        <UserList
          query={users}
          showCompany={viewingAll}
          canManage={canManage}
          currentUserId={session?.user.id ?? ''}
          onStatusChange={askStatusChange}
          onResetPassword={passwordUser.show}
          onDelete={askDelete}
          onUnlinkSso={canManage ? userToUnlink.show : undefined}
        />
        {canManage && ssoCompanyId && <SsoPanel companyId={ssoCompanyId} />}
      </Stack>

      <ConfirmDialog
        open={userToUnlink.open}
        title="Unlink Single Sign-On"
        confirmLabel="Unlink"
        onConfirm={confirmUnlink}
        onCancel={userToUnlink.close}
      >
        {userToUnlink.shown &&
          `Unlink ${userToUnlink.shown.name} from ${userToUnlink.shown.sso?.issuer ?? 'single sign-on'}? Their next single sign-on links again only if they are invited or the company allows linking.`}
      </ConfirmDialog>

      <ConfirmDialog
        open={statusChange.open}
        title="Change User Status"
        confirmLabel="Change Status"
        onConfirm={confirmStatusChange}
        onCancel={statusChange.close}
      >
        {statusChange.shown &&
          `Are you sure you want to change ${statusChange.shown.user.name}'s status to ${USER_STATUS_LABELS[statusChange.shown.status]}?`}
      </ConfirmDialog>

      <ResetPasswordDialog user={passwordUser.shown} open={passwordUser.open} onClose={passwordUser.close} />

      <ConfirmDialog
        open={userToDelete.open}
        title="Delete User"
        confirmLabel="Delete"
        destructive
        busy={deleteUser.isPending}
        error={deleteUser.isError && <FailureAlert title="Failed to delete user" error={deleteUser.error} />}
        onConfirm={confirmDelete}
        onCancel={userToDelete.close}
      >
        {userToDelete.shown &&
          `Are you sure you want to delete ${userToDelete.shown.name} (${userToDelete.shown.email})? This action cannot be undone.`}
      </ConfirmDialog>
    </ModalDialog>
  );
}

interface InviteSectionProps {
  panel: InvitePanel;
  setPanel: (panel: InvitePanel) => void;
  onInvited: (invitation: InviteResponse) => void;
  assigner: RoleAssigner;
  /** A global admin viewing all companies chooses the invitee's company. */
  choosesCompany: boolean;
  companyChoices: Company[] | undefined;
  companiesFailed: unknown;
  fixedCompanyId: string | undefined;
}

function InviteSection({
  panel,
  setPanel,
  onInvited,
  assigner,
  choosesCompany,
  companyChoices,
  companiesFailed,
  fixedCompanyId,
}: InviteSectionProps) {
  if (panel.kind === 'closed') {
    return (
      <Box>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setPanel({ kind: 'form' })}>
          Invite User
        </Button>
      </Box>
    );
  }

  let content;
  if (panel.kind === 'sent') {
    content = (
      <InvitationLinkPanel
        invitation={panel.invitation}
        onInviteAnother={() => setPanel({ kind: 'form' })}
        onDone={() => setPanel({ kind: 'closed' })}
      />
    );
  } else if (choosesCompany && companiesFailed) {
    content = <FailureAlert title="Failed to load companies" error={companiesFailed} />;
  } else if (choosesCompany && !companyChoices) {
    content = <CircularProgress aria-label="Loading companies" size={28} />;
  } else {
    content = (
      <InviteUserForm
        assigner={assigner}
        company={choosesCompany ? { choices: companyChoices ?? [] } : { id: fixedCompanyId ?? '' }}
        onInvited={onInvited}
        onCancel={() => setPanel({ kind: 'closed' })}
      />
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
        Invite User
      </Typography>
      {content}
    </Paper>
  );
}

interface UserListProps {
  query: ReturnType<typeof useUsers>;
  showCompany: boolean;
  canManage: boolean;
  currentUserId: string;
  onStatusChange: (user: ManagedUser, status: UserStatus) => void;
  onResetPassword: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
  onUnlinkSso?: (user: ManagedUser) => void;
}

function UserList({ query, ...tableProps }: UserListProps) {
  if (query.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading users" />
      </Stack>
    );
  }
  if (query.isError) {
    return <FailureAlert title="Failed to load users" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        No users found for the selected company.
      </Typography>
    );
  }
  return <UserTable users={query.data} {...tableProps} />;
}

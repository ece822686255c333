/** User Management (specification, section 2): the user table, the invite form, status, reset password, delete. */
import { useState } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Company, InviteResponse, ManagedUser } from '@domain/auth/types';
import type { UserStatus } from '@domain/company/options';
import { useCompanies } from '@/lib/accounts';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { useUsers } from './api';
import { InvitationLinkPanel } from './components/InvitationLinkPanel';
import { InviteUserForm } from './components/InviteUserForm';
import { SsoPanel } from './components/SsoPanel';
import { UserTable } from './components/UserTable';
import type { RoleAssigner } from './roleOptions';
import { useAdminScope } from './useAdminScope';
import { UserActionDialogs } from './UserActionDialogs';
import { useUserActions } from './useUserActions';

type InvitePanel = { kind: 'closed' } | { kind: 'form' } | { kind: 'sent'; invitation: InviteResponse };

export default function UserManagementModal({ open, onClose }: ModalProps) {
  const { session, can } = useSession();
  const { filterParam, viewingAll, scopeLabel, assigner } = useAdminScope();
  const notify = useNotify();
  const canManage = can('manageUsers');

  const users = useUsers(filterParam, open);
  const companies = useCompanies(open && viewingAll && canManage);
  const actions = useUserActions();
  const [invitePanel, setInvitePanel] = useState<InvitePanel>({ kind: 'closed' });

  const handleInvited = (invitation: InviteResponse) => {
    notify.success(`Invitation sent to ${invitation.user.email}`);
    setInvitePanel({ kind: 'sent', invitation });
  };

  // The company whose single sign-on the panel shows: the one in view, unless all are.
  const ssoCompanyId = viewingAll ? undefined : (filterParam ?? session?.company.id);

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
          onStatusChange={actions.askStatusChange}
          onResetPassword={actions.passwordUser.show}
          onDelete={actions.askDelete}
          onUnlinkSso={canManage ? actions.userToUnlink.show : undefined}
        />
        {canManage && ssoCompanyId && <SsoPanel companyId={ssoCompanyId} />}
      </Stack>

      <UserActionDialogs actions={actions} />
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

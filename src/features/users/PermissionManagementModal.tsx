/** Permission Management (specification, section 2): users' roles and permissions, and the company logo. */
import { useCallback, useId, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ManagedUser } from '@domain/auth/types';
import { PERMISSIONS_LOGO_LIMIT } from '@/lib/imageValidation';
import { isGlobalAdmin, useSession } from '@/lib/session';
import { CompanyLogoUpload } from '@/ui/CompanyLogoUpload';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { useUsers } from './api';
import { PermissionEditor } from './components/PermissionEditor';
import { PermissionUserTable } from './components/PermissionUserTable';
import { useAdminScope } from './useAdminScope';

export default function PermissionManagementModal({ open, onClose }: ModalProps) {
  const { session, can } = useSession();
  const { filterParam, target, scopeLabel, assigner } = useAdminScope();
  const users = useUsers(filterParam, open);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const logoHeadingId = useId();
  const usersHeadingId = useId();
  const viewerId = session?.user.id;
  const viewerIsGlobalAdmin = isGlobalAdmin(session);

  // Nobody edits their own role here (a slip would lock them out), and only a global admin
  // touches a global admin.
  const canEdit = useCallback(
    (user: ManagedUser) => user.id !== viewerId && (user.role !== 'admin' || viewerIsGlobalAdmin),
    [viewerId, viewerIsGlobalAdmin],
  );

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Permission Management"
      subtitle={scopeLabel}
      maxWidth="lg"
    >
      <Stack spacing={3}>
        {/* Managing permissions does not include changing the company's logo. */}
        {can('editCompanyProfile') && (
          <>
            <Stack component="section" spacing={1.5} aria-labelledby={logoHeadingId}>
              <Typography id={logoHeadingId} variant="subtitle1" component="h3">
                Company Logo{target.company ? ` of ${target.company.name}` : ''}
              </Typography>
              {target.company ? (
                <CompanyLogoUpload company={target.company} isOwn={target.isOwn} limit={PERMISSIONS_LOGO_LIMIT} />
              ) : target.error ? (
                <FailureAlert title="Failed to load the company" error={target.error} />
              ) : (
                <CircularProgress aria-label="Loading the company" size={28} />
              )}
            </Stack>
            <Divider />
          </>
        )}
        <Stack component="section" spacing={1.5} aria-labelledby={usersHeadingId}>
          <Typography id={usersHeadingId} variant="subtitle1" component="h3">
            Users
          </Typography>
          {editing && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <PermissionEditor
                key={editing.id}
                user={editing}
                assigner={assigner}
                onSaved={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            </Paper>
          )}
          {users.isPending ? (
            <CircularProgress aria-label="Loading users" />
          ) : users.isError ? (
            <FailureAlert title="Failed to load users" error={users.error} onRetry={() => void users.refetch()} />
          ) : users.data.length === 0 ? (
            <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
              No users found for the selected company.
            </Typography>
          ) : (
            <PermissionUserTable users={users.data} canEdit={canEdit} onEdit={setEditing} />
          )}
        </Stack>
      </Stack>
    </ModalDialog>
  );
}

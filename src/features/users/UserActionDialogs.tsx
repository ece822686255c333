import { USER_STATUS_LABELS } from '@domain/company/options';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { ResetPasswordDialog } from './components/ResetPasswordDialog';
import type { UserActions } from './useUserActions';

export interface UserActionDialogsProps {
  actions: UserActions;
}

/** User Management's dialogs for a user: unlink single sign-on, change status, reset password, delete. */
export function UserActionDialogs({ actions }: UserActionDialogsProps) {
  const { userToUnlink, statusChange, passwordUser, userToDelete } = actions;
  return (
    <>
      <ConfirmDialog
        open={userToUnlink.open}
        title="Unlink Single Sign-On"
        confirmLabel="Unlink"
        onConfirm={actions.confirmUnlink}
        onCancel={userToUnlink.close}
      >
        {userToUnlink.shown &&
          `Unlink ${userToUnlink.shown.name} from ${userToUnlink.shown.sso?.issuer ?? 'single sign-on'}? Their next single sign-on links again only if they are invited or the company allows linking.`}
      </ConfirmDialog>

      <ConfirmDialog
        open={statusChange.open}
        title="Change User Status"
        confirmLabel="Change Status"
        onConfirm={actions.confirmStatusChange}
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
        busy={actions.deleting}
        error={actions.deleteFailure !== null && <FailureAlert title="Failed to delete user" error={actions.deleteFailure} />}
        onConfirm={actions.confirmDelete}
        onCancel={userToDelete.close}
      >
        {userToDelete.shown &&
          `Are you sure you want to delete ${userToDelete.shown.name} (${userToDelete.shown.email})? This action cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}

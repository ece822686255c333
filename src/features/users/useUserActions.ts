import { useCallback } from 'react';
import type { ManagedUser } from '@domain/auth/types';
import { USER_STATUS_LABELS, type UserStatus } from '@domain/company/options';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { useDeleteUser, useSetUserStatus, useUnlinkSso } from './api';

/**
 * What a row of the user table can ask for (specification, section 2): a status change, a password
 * reset, a deletion and unlinking single sign-on, each behind its dialog, with its notices.
 */
export function useUserActions() {
  const notify = useNotify();
  const setStatus = useSetUserStatus();
  const deleteUser = useDeleteUser();
  const unlinkSso = useUnlinkSso();
  // Each dialog keeps what it showed while it fades out after being answered.
  const statusChange = useDialogSubject<{ user: ManagedUser; status: UserStatus }>();
  const passwordUser = useDialogSubject<ManagedUser>();
  const userToDelete = useDialogSubject<ManagedUser>();
  const userToUnlink = useDialogSubject<ManagedUser>();

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

  return {
    statusChange,
    askStatusChange,
    confirmStatusChange,
    passwordUser,
    userToDelete,
    askDelete,
    confirmDelete,
    deleting: deleteUser.isPending,
    /** The failed deletion's error, shown in its dialog; null otherwise. */
    deleteFailure: deleteUser.isError ? deleteUser.error : null,
    userToUnlink,
    confirmUnlink,
  };
}

export type UserActions = ReturnType<typeof useUserActions>;

/**
 * The page's editing: which form is open (each opening a fresh one), the type waiting for its delete
 * confirmation, and the saves and deletes with their notices (the specification's messages).
 */
import { useCallback, useState } from 'react';
import { DATA_TYPE_MESSAGES, type DataType } from '@domain/dataTypes/dataTypes';
import { failureReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useDialogSubject } from '@/lib/useDialogSubject';
import { useCreateDataType, useDeleteDataType, useUpdateDataType, type DataTypeFields } from './api';

export type FormState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; dataType: DataType };

/** The server's reason, as the specification's "Failed to ...: ..." messages end. */
export const reasonOf = (error: unknown) => failureReason(error) ?? 'Unknown error';

/** `ownerId`: the company a new type is filed under (a global admin's company in view), or none for a global one. */
export function useDataTypeEditor(ownerId: string | undefined) {
  const notify = useNotify();
  const create = useCreateDataType();
  const update = useUpdateDataType();
  const remove = useDeleteDataType();
  const [form, setForm] = useState<FormState>({ kind: 'closed' });
  // Each opening mounts a fresh form, so nothing typed before a Cancel or a save comes back.
  const [opening, setOpening] = useState(0);
  // The type waiting for its delete confirmation, kept while the confirmation fades out.
  const toDelete = useDialogSubject<DataType>();

  const openForm = useCallback((next: FormState) => {
    setOpening((count) => count + 1);
    setForm(next);
  }, []);
  const closeForm = useCallback(() => setForm({ kind: 'closed' }), []);
  const openCreate = useCallback(() => openForm({ kind: 'create' }), [openForm]);
  const edit = useCallback((dataType: DataType) => openForm({ kind: 'edit', dataType }), [openForm]);

  const saved = (message: string) => () => {
    notify.success(message);
    closeForm();
  };

  const submit = (values: DataTypeFields) => {
    if (form.kind === 'edit') {
      update.mutate({ id: form.dataType.id, ...values }, { onSuccess: saved(DATA_TYPE_MESSAGES.updated), onError: (error) => notify.error(DATA_TYPE_MESSAGES.updateFailed(reasonOf(error))) });
      return;
    }
    create.mutate(
      { ...values, ...(ownerId ? { companyId: ownerId } : {}) },
      { onSuccess: saved(DATA_TYPE_MESSAGES.created), onError: (error) => notify.error(DATA_TYPE_MESSAGES.createFailed(reasonOf(error))) },
    );
  };

  const confirmDelete = () => {
    if (!toDelete.subject) return;
    const deleted = toDelete.subject;
    remove.mutate(deleted.id, {
      onSuccess: () => {
        toDelete.close();
        notify.success(DATA_TYPE_MESSAGES.deleted);
        if (form.kind === 'edit' && form.dataType.id === deleted.id) closeForm();
      },
      onError: (error) => {
        toDelete.close();
        notify.error(DATA_TYPE_MESSAGES.deleteFailed(reasonOf(error)));
      },
    });
  };

  return {
    form,
    opening,
    openCreate,
    edit,
    closeForm,
    submit,
    saving: form.kind === 'edit' ? update.isPending : create.isPending,
    toDelete,
    askDelete: toDelete.show,
    cancelDelete: toDelete.close,
    confirmDelete,
    deleting: remove.isPending,
  };
}

/** Remove a field from the mapping, after a confirmation: the field asked about stays named while the dialog closes. */
import { useState } from 'react';
import type { MappedField } from '@domain/data/fields';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { useNotify } from '@/lib/notifications';
import { useUpdateField } from './api';

export function useRemoveField(companyId: string | null) {
  const notify = useNotify();
  const remove = useUpdateField();
  const [asking, setAsking] = useState<{ open: boolean; field: MappedField | null }>({ open: false, field: null });
  const close = () => {
    setAsking((current) => ({ ...current, open: false }));
    remove.reset();
  };
  const confirm = () => {
    const { field } = asking;
    if (!field) return;
    remove.mutate(
      { name: field.name, removed: true, companyId },
      {
        onSuccess: () => {
          notify.success(DATA_SOURCE_MESSAGES.fieldRemoved(field.name));
          close();
        },
      },
    );
  };
  return { asking, ask: (field: MappedField) => setAsking({ open: true, field }), confirm, cancel: close, remove };
}

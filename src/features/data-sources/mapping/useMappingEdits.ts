/**
 * Configure Data Mapping's unsaved edits: each field's unified field and type over the server's,
 * the changes they make, and saving them one field after another. A save that stops at a field
 * keeps only the edits not saved yet.
 */
import { useState } from 'react';
import type { FieldType, MappedField } from '@domain/data/fields';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { useNotify } from '@/lib/notifications';
import { MappingSaveError, useSaveMapping, type FieldChange } from './api';

type Edits = Record<string, { unifiedField?: string; type?: FieldType }>;

export interface FieldValue {
  /** '' when not mapped. */
  unifiedField: string;
  type: FieldType;
}

export function useMappingEdits(active: readonly MappedField[], companyId: string | null, onSaved: () => void) {
  const notify = useNotify();
  const save = useSaveMapping();
  const [edits, setEdits] = useState<Edits>({});

  const valueOf = (field: MappedField): FieldValue => ({
    unifiedField: edits[field.name]?.unifiedField ?? field.unifiedField ?? '',
    type: edits[field.name]?.type ?? field.type,
  });
  const changes: FieldChange[] = active.flatMap((field) => {
    const value = valueOf(field);
    const changed = value.unifiedField !== (field.unifiedField ?? '') || value.type !== field.type;
    return changed ? [{ name: field.name, unifiedField: value.unifiedField || null, type: value.type }] : [];
  });

  const edit = (field: MappedField, change: Partial<FieldValue>) => {
    save.reset();
    setEdits((current) => ({ ...current, [field.name]: { ...current[field.name], ...change } }));
  };

  const submit = () =>
    save.mutate(
      { changes, companyId },
      {
        onSuccess: () => {
          notify.success(DATA_SOURCE_MESSAGES.mappingSaved);
          onSaved();
        },
        // The fields saved before the failure are on the server now: only the rest stay edited.
        onError: (error) => {
          if (!(error instanceof MappingSaveError)) return;
          const saved = new Set(changes.slice(0, error.saved).map((change) => change.name));
          setEdits((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !saved.has(name))));
        },
      },
    );

  return { valueOf, changes, edit, submit, save };
}

/**
 * The audit log's entries as a table: when, what, who (a user's e-mail, an API key's id, Navout
 * for its own jobs), from where, on what, and what changed ("field: before → after"; a refusal's
 * code). An erased person reads as their hash ([erased:…]) wherever an entry named them.
 */
import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, type AuditActorKind, type AuditChange, type AuditEntryView } from '@domain/audit/types';
import { DataTable } from '@/ui/DataTable';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ACTOR_KIND_LABELS: Record<AuditActorKind, string> = { user: '', api_key: 'API key', anonymous: 'Unknown', system: 'Navout' };

export function actorText(entry: AuditEntryView): string {
  if (entry.actor.email) return entry.actor.email;
  const kind = ACTOR_KIND_LABELS[entry.actor.kind];
  return entry.actor.id ? `${kind} ${entry.actor.id}`.trim() : kind || 'Unknown';
}

export function targetText(entry: AuditEntryView): string {
  return `${AUDIT_TARGET_LABELS[entry.target.type]}${entry.target.label ? `: ${entry.target.label}` : ''}`;
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** "field: before → after" per changed field; a refusal's code when there is no change. */
export function changeText(changes: AuditChange | null, code: string | null): string {
  if (!changes) return code ? `Refused: ${code}` : '';
  const fields = [...new Set([...Object.keys(changes.before ?? {}), ...Object.keys(changes.after ?? {})])];
  return fields
    .map((field) => {
      const before = changes.before && field in changes.before ? valueText(changes.before[field]) : null;
      const after = changes.after && field in changes.after ? valueText(changes.after[field]) : null;
      if (before !== null && after !== null) return `${field}: ${before} → ${after}`;
      return `${field}: ${after ?? before}`;
    })
    .join('; ');
}

export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const columns = useMemo<GridColDef<AuditEntryView>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: 'When',
        width: 170,
        renderCell: ({ row }) => <time dateTime={row.createdAt}>{whenFormat.format(new Date(row.createdAt))}</time>,
      },
      { field: 'action', headerName: 'Action', width: 210, valueGetter: (_value, row) => AUDIT_ACTION_LABELS[row.action] },
      { field: 'actor', headerName: 'Actor', flex: 1, minWidth: 180, valueGetter: (_value, row) => actorText(row) },
      { field: 'address', headerName: 'Address', width: 140, valueGetter: (value: string | null) => value ?? '' },
      { field: 'target', headerName: 'Target', flex: 1, minWidth: 180, valueGetter: (_value, row) => targetText(row) },
      { field: 'changes', headerName: 'Change', flex: 1.4, minWidth: 220, sortable: false, valueGetter: (_value, row) => changeText(row.changes, row.code) },
    ],
    [],
  );
  return <DataTable rows={entries} columns={columns} label="Audit log entries" maxHeight={560} wrapText />;
}

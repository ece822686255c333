/**
 * The audit log's filters: action, target, actor (an e-mail address or an id, applied on Enter
 * or leaving the field) and a date range.
 */
import { useState } from 'react';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_LABELS, AUDIT_TARGET_TYPES } from '@domain/audit/types';
import { DateRangeFields } from '@/ui/DateRangeFields';
import { optionsOf, SelectField } from '@/ui/SelectField';
import type { AuditFilters } from './api';

export function AuditFiltersForm({ filters, onChange }: { filters: AuditFilters; onChange: (change: Partial<AuditFilters>) => void }) {
  const [actorDraft, setActorDraft] = useState(filters.actor);
  return (
    <Grid container spacing={1.5} component="form" aria-label="Audit log filters" onSubmit={(event) => event.preventDefault()}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <SelectField
          label="Action"
          value={filters.action}
          options={[{ value: '', label: 'All actions' }, ...optionsOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)]}
          onChange={(action) => onChange({ action })}
          fullWidth
          size="small"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 2 }}>
        <SelectField
          label="Target"
          value={filters.targetType}
          options={[{ value: '', label: 'All targets' }, ...optionsOf(AUDIT_TARGET_TYPES, AUDIT_TARGET_LABELS)]}
          onChange={(targetType) => onChange({ targetType })}
          fullWidth
          size="small"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          label="Actor"
          placeholder="E-mail address or id"
          value={actorDraft}
          onChange={(event) => setActorDraft(event.target.value)}
          onBlur={() => onChange({ actor: actorDraft })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ actor: actorDraft });
          }}
          fullWidth
          size="small"
        />
      </Grid>
      <DateRangeFields from={filters.from} to={filters.to} onChange={onChange} />
    </Grid>
  );
}

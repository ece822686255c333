import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, SYNC_SCHEDULE_LABELS, SYNC_SCHEDULES, type SyncSchedule } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useSetSchedule } from '../api';

export interface ScheduleSelectProps {
  source: DataSource;
  disabled?: boolean;
}

/** How often a pulled source syncs by itself: saved as soon as it is chosen. */
export function ScheduleSelect({ source, disabled = false }: ScheduleSelectProps) {
  const notify = useNotify();
  const save = useSetSchedule();
  // The choice shows at once; a failed save puts the stored one back.
  const [choice, setChoice] = useState<SyncSchedule | null>(null);
  const value = save.isPending && choice ? choice : source.schedule;

  const change = (schedule: SyncSchedule) => {
    if (schedule === source.schedule) return;
    setChoice(schedule);
    save.mutate(
      { id: source.id, schedule },
      {
        onSuccess: (saved) => notify.success(CONNECTOR_MESSAGES.scheduleSaved(saved.name, saved.schedule ?? schedule)),
        onError: (error) => notify.error(withReason(CONNECTOR_MESSAGES.scheduleFailed(source.name), error)),
      },
    );
  };

  return (
    <TextField
      select
      size="small"
      label={CONNECTOR_LABELS.schedule}
      value={value}
      disabled={disabled || save.isPending}
      onChange={(event) => change(event.target.value as SyncSchedule)}
      sx={{ minWidth: 160 }}
    >
      {SYNC_SCHEDULES.map((schedule) => (
        <MenuItem key={schedule} value={schedule}>
          {SYNC_SCHEDULE_LABELS[schedule]}
        </MenuItem>
      ))}
    </TextField>
  );
}

import { useState } from 'react';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, SYNC_SCHEDULE_LABELS, SYNC_SCHEDULES, type SyncSchedule } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { optionsOf, SelectField } from '@/ui/SelectField';
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
    <SelectField
      size="small"
      label={CONNECTOR_LABELS.schedule}
      value={value}
      options={optionsOf(SYNC_SCHEDULES, SYNC_SCHEDULE_LABELS)}
      disabled={disabled || save.isPending}
      onChange={change}
      sx={{ minWidth: 160 }}
    />
  );
}

import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { AudienceFilters } from '@domain/audience/contract';
import { AudienceFilterBar } from './filters/AudienceFilterBar';
import { ACTION_LABELS, WRITEBACK_JOB_LABELS, WRITEBACK_LABELS } from './labels';

export interface AudienceActionsProps {
  filters: AudienceFilters;
  onFiltersChange: (filters: AudienceFilters) => void;
  /** The figures are in: the audience can be saved as a view. */
  canSaveView: boolean;
  /** A job runs: no reclassification can start. */
  jobRunning: boolean;
  /** A reclassification is being asked for. */
  starting: boolean;
  onSaveView: () => void;
  onReclassify: () => void;
  onShowWritebackJobs: () => void;
  onManageDestinations: () => void;
  onWriteBack: () => void;
}

/** The filters over the audience, and what can be done with it. */
export function AudienceActions({
  filters,
  onFiltersChange,
  canSaveView,
  jobRunning,
  starting,
  onSaveView,
  onReclassify,
  onShowWritebackJobs,
  onManageDestinations,
  onWriteBack,
}: AudienceActionsProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <AudienceFilterBar value={filters} onChange={onFiltersChange} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button variant="outlined" onClick={onSaveView} disabled={!canSaveView}>
            {ACTION_LABELS.saveView}
          </Button>
          <Button variant="outlined" onClick={onReclassify} disabled={jobRunning} loading={starting}>
            {ACTION_LABELS.reclassify}
          </Button>
          <Button variant="outlined" onClick={onShowWritebackJobs}>
            {WRITEBACK_JOB_LABELS.title}
          </Button>
          <Button variant="outlined" onClick={onManageDestinations}>
            {WRITEBACK_LABELS.manageDestinations}
          </Button>
          <Button variant="contained" onClick={onWriteBack}>
            {ACTION_LABELS.writeBack}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

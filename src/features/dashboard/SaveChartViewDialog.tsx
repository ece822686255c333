import Alert from '@mui/material/Alert';
import { DASHBOARD_MESSAGES, SAVED_CHART_LABEL_MAX, SAVED_CHARTS_MAX } from '@domain/dashboard/contract';
import { NameDialog } from '@/ui/NameDialog';

export const SAVE_CHART_LABELS = {
  save: 'Save',
  cancel: 'Cancel',
  of: (category: string, mode: string) => `${category}, ${mode}`,
  full: `At most ${SAVED_CHARTS_MAX} charts can be saved. Remove one first.`,
} as const;

export interface SaveChartViewDialogProps {
  open: boolean;
  onClose: () => void;
  /** The drilled-in category being saved; null when nothing is drilled into (Save stays disabled). */
  categoryName: string | null;
  /** "Conversion" or "Users": what the chart shows. */
  modeLabel: string;
  savedCount: number;
  onSave: (label: string) => void;
}

/** "Save Chart View": a chart name; Save needs a non-blank name and an active drill-down. */
export function SaveChartViewDialog({ open, onClose, categoryName, modeLabel, savedCount, onSave }: SaveChartViewDialogProps) {
  const full = savedCount >= SAVED_CHARTS_MAX;
  return (
    <NameDialog
      open={open}
      onClose={onClose}
      title={DASHBOARD_MESSAGES.saveChartView}
      label={DASHBOARD_MESSAGES.chartName}
      submitLabel={SAVE_CHART_LABELS.save}
      cancelLabel={SAVE_CHART_LABELS.cancel}
      onSubmit={(label) => {
        onSave(label);
        onClose();
      }}
      maxLength={SAVED_CHART_LABEL_MAX}
      submitDisabled={categoryName === null || full}
      description={categoryName && SAVE_CHART_LABELS.of(categoryName, modeLabel)}
      notice={
        full && (
          <Alert severity="info" role="status">
            {SAVE_CHART_LABELS.full}
          </Alert>
        )
      }
    />
  );
}

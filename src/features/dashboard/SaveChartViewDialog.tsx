import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MESSAGES, SAVED_CHART_LABEL_MAX, SAVED_CHARTS_MAX } from '@domain/dashboard/contract';
import { ModalDialog } from '@/ui/ModalDialog';

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
export function SaveChartViewDialog({ open, onClose, ...form }: SaveChartViewDialogProps) {
  return open ? <SaveChartViewForm onClose={onClose} {...form} /> : null;
}

function SaveChartViewForm({ onClose, categoryName, modeLabel, savedCount, onSave }: Omit<SaveChartViewDialogProps, 'open'>) {
  const formId = useId();
  const [name, setName] = useState('');
  const label = name.trim();
  const full = savedCount >= SAVED_CHARTS_MAX;
  const canSave = label !== '' && categoryName !== null && !full;

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={DASHBOARD_MESSAGES.saveChartView}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose}>{SAVE_CHART_LABELS.cancel}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={!canSave}>
            {SAVE_CHART_LABELS.save}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        spacing={2}
        sx={{ pt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSave) return;
          onSave(label);
          onClose();
        }}
      >
        {categoryName && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {SAVE_CHART_LABELS.of(categoryName, modeLabel)}
          </Typography>
        )}
        <TextField
          label={DASHBOARD_MESSAGES.chartName}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: SAVED_CHART_LABEL_MAX } }}
          helperText={`${name.length}/${SAVED_CHART_LABEL_MAX}`}
        />
        {full && (
          <Alert severity="info" role="status">
            {SAVE_CHART_LABELS.full}
          </Alert>
        )}
      </Stack>
    </ModalDialog>
  );
}

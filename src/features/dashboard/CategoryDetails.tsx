import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MESSAGES, type CategorySeries } from '@domain/dashboard/contract';
import { FailureAlert } from '@/ui/FailureAlert';
import { categorySeriesModel, type UsersMode } from './chartModel';
import { MetricChart } from './MetricChart';
import { USERS_MODE_LABELS } from './usersCategories';

export const CATEGORY_DETAILS_LABELS = {
  loading: 'Loading the category',
  failed: 'Failed to load the category',
} as const;

export interface CategoryDetailsProps {
  categoryName: string;
  mode: UsersMode;
  series: CategorySeries | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  rangeLabel: string;
  onBack: () => void;
  onSaveView: () => void;
}

/** A drilled-in category: "{category} Details" over the range, with "← Back" and "Save View". */
export function CategoryDetails({ categoryName, mode, series, isLoading, error, onRetry, rangeLabel, onBack, onSaveView }: CategoryDetailsProps) {
  const title = DASHBOARD_MESSAGES.details(categoryName);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Button onClick={onBack}>{DASHBOARD_MESSAGES.back}</Button>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {USERS_MODE_LABELS[mode]}
          </Typography>
          <Button variant="outlined" onClick={onSaveView}>
            {DASHBOARD_MESSAGES.saveView}
          </Button>
        </Stack>
      </Stack>
      {error ? (
        <FailureAlert title={CATEGORY_DETAILS_LABELS.failed} error={error} onRetry={onRetry} />
      ) : isLoading || !series ? (
        <Box role="status" aria-label={CATEGORY_DETAILS_LABELS.loading}>
          <Skeleton variant="rounded" height={320} />
        </Box>
      ) : (
        <MetricChart model={categorySeriesModel(title, series, mode)} chartType="line" rangeLabel={rangeLabel} />
      )}
    </Stack>
  );
}

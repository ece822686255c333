import { lazy, Suspense, useId } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { UsageSummary } from '@domain/prediction/contract';
import { visuallyHidden } from '@/ui/visuallyHidden';
import { ChartSkeleton, WhenOnScreen } from '@/ui/WhenOnScreen';
import { formatCount, formatMs } from '../format';
import { RANGE_WORDS } from './usageRange';

// MUI X Charts is downloaded when the chart comes into view, not with the page.
const UsageChart = lazy(async () => ({ default: (await import('./UsageChart')).UsageChart }));
const USAGE_CHART_HEIGHT = 180;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** Calls, errors, latency percentiles and zero-result queries of one range, with calls over time. */
export function UsageFigures({ usage }: { usage: UsageSummary }) {
  const captionId = useId();
  const summaryId = useId();
  const total = usage.series.reduce((sum, point) => sum + point.calls, 0);
  const errors = usage.series.reduce((sum, point) => sum + point.errors, 0);
  return (
    <Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <Figure label="Calls" value={formatCount(usage.calls)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <Figure label="Errors" value={formatCount(usage.errors)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <Figure label="p50" value={formatMs(usage.p50Ms)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <Figure label="p95" value={formatMs(usage.p95Ms)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <Figure label="p99" value={formatMs(usage.p99Ms)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <Figure label="Zero-result queries" value={formatCount(usage.zeroResults)} />
        </Grid>
      </Grid>
      {usage.series.length > 0 && (
        // The drawing is skipped by screen readers: the figure is described by its totals instead.
        <Box component="figure" aria-labelledby={captionId} aria-describedby={summaryId} sx={{ m: 0, mt: 2, minWidth: 0, position: 'relative' }}>
          <Typography id={captionId} component="figcaption" variant="subtitle2">
            Calls, {RANGE_WORDS[usage.range]}
          </Typography>
          <WhenOnScreen height={USAGE_CHART_HEIGHT}>
            <Suspense fallback={<ChartSkeleton height={USAGE_CHART_HEIGHT} />}>
              <UsageChart usage={usage} height={USAGE_CHART_HEIGHT} />
            </Suspense>
          </WhenOnScreen>
          <Box id={summaryId} sx={visuallyHidden}>
            {`${formatCount(total)} calls and ${formatCount(errors)} errors over the ${RANGE_WORDS[usage.range]}.`}
          </Box>
        </Box>
      )}
    </Box>
  );
}

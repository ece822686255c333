import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { DEVICE_TYPES, type SurveyAnalytics } from '@domain/survey/collection';
import { ChartFigure } from '@/ui/ChartFigure';
import { formatDuration, formatPercent, formatTrendDay } from './format';
import { DEVICE_LABELS } from './resultFilters';

export const SUMMARY_LABELS = {
  total: 'Total Responses',
  completionRate: 'Completion Rate',
  average: 'Average Completion',
  fastest: 'Fastest Response',
  longest: 'Longest Response',
} as const;
export const TREND_TITLE = 'Responses in the last 7 days';
export const DEVICES_TITLE = 'Responses by device';
export const NO_DEVICE_DATA = 'No responses yet, so no devices to compare.';

const countFormat = new Intl.NumberFormat();

/** Under Total Responses: what it counts, beside the completed count LiveIQ's cards show. */
export const totalExplained = (completed: number) => `Started, completed or not; ${countFormat.format(completed)} completed`;

function SummaryCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 0.5, fontWeight: 600 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

export interface AnalyticsSummaryProps {
  /** undefined while loading; null when it could not be loaded (nothing is shown then). */
  analytics: SurveyAnalytics | null | undefined;
}

/** The survey at a glance: counts, completion, times, the week's trend and the device split. */
export function AnalyticsSummary({ analytics }: AnalyticsSummaryProps) {
  if (analytics === null) return null;
  if (analytics === undefined) {
    return (
      <Box aria-busy="true" aria-label="Loading analytics" role="status">
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  }
  const cards = [
    { label: SUMMARY_LABELS.total, value: countFormat.format(analytics.totalResponses), detail: totalExplained(analytics.completedResponses) },
    { label: SUMMARY_LABELS.completionRate, value: formatPercent(analytics.completionRate) },
    { label: SUMMARY_LABELS.average, value: formatDuration(analytics.averageCompletionTime) },
    { label: SUMMARY_LABELS.fastest, value: formatDuration(analytics.fastestResponse) },
    { label: SUMMARY_LABELS.longest, value: formatDuration(analytics.longestResponse) },
  ];
  const days = analytics.dailyTrends.map((day) => formatTrendDay(day.date));
  const trendSummary = analytics.dailyTrends.map((day, index) => `${days[index]}: ${day.responses}`).join(', ');
  const devices = DEVICE_TYPES.filter((device) => analytics.deviceAnalytics[device] > 0);
  const deviceSummary = DEVICE_TYPES.map((device) => `${DEVICE_LABELS[device]} ${formatPercent(analytics.deviceAnalytics[device])}`).join(', ');

  return (
    <Box>
      <Grid container spacing={2} component="section" aria-label="Summary">
        {cards.map((card) => (
          <Grid key={card.label} size={{ xs: 6, sm: 4, lg: 'grow' }}>
            <SummaryCard {...card} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <ChartFigure title={TREND_TITLE} summary={`Responses per day: ${trendSummary}.`}>
              <BarChart
                height={240}
                xAxis={[{ scaleType: 'band', data: days }]}
                yAxis={[{ tickMinStep: 1, width: 36 }]}
                series={[{ data: analytics.dailyTrends.map((day) => day.responses), label: 'Responses' }]}
                hideLegend
                skipAnimation
              />
            </ChartFigure>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <ChartFigure title={DEVICES_TITLE} summary={`Share of responses: ${deviceSummary}.`}>
              {devices.length ? (
                <PieChart
                  height={240}
                  series={[
                    {
                      data: devices.map((device) => ({ id: device, value: analytics.deviceAnalytics[device], label: DEVICE_LABELS[device] })),
                      innerRadius: 48,
                      paddingAngle: 2,
                      cornerRadius: 4,
                      valueFormatter: ({ value }) => formatPercent(value),
                    },
                  ]}
                  skipAnimation
                />
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary', py: 4 }}>
                  {NO_DEVICE_DATA}
                </Typography>
              )}
            </ChartFigure>
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}

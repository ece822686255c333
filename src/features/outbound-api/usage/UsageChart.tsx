/** The drawing of the usage figures' calls over time: MUI X Charts, a chunk of its own loaded when in view. */
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { UsageSummary } from '@domain/prediction/contract';

const tick = (at: string, range: UsageSummary['range']) => {
  const date = new Date(at);
  return range === '24h' ? `${String(date.getHours()).padStart(2, '0')}:00` : `${date.getDate()}/${date.getMonth() + 1}`;
};

/** Calls stacked over errors per hour or day; the caption and summary are the caller's. */
export function UsageChart({ usage, height }: { usage: UsageSummary; height: number }) {
  const theme = useTheme();
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: usage.series.map((point) => tick(point.at, usage.range)) }]}
      yAxis={[{ width: 44 }]}
      series={[
        { data: usage.series.map((point) => point.calls), label: 'Calls', stack: 'calls' },
        { data: usage.series.map((point) => point.errors), label: 'Errors', stack: 'calls', color: (theme.vars ?? theme).palette.error.main },
      ]}
      hideLegend
      skipAnimation
    />
  );
}

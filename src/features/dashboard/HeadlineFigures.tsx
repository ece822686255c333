import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardMetrics, HeadlineFigure } from '@domain/dashboard/contract';
import { compareFigure, formatCount, formatFigure, type FigureUnit } from './format';

export const HEADLINE_LABELS = {
  recommendations: 'Recommendations Served',
  conversion: 'Conversion Rate',
  clicks: 'A/B Clicks',
  calls: 'Number of Calls',
  duration: 'Average Call Duration',
} as const;

interface FigureCardProps {
  label: string;
  figure: HeadlineFigure;
  unit: FigureUnit;
  /** For latency a rise is bad news: the arrow's colour says which way is better. */
  lowerIsBetter?: boolean;
  /** A second line under the figure (the holdout's clicks). */
  detail?: string;
  comparable: boolean;
}

function FigureCard({ label, figure, unit, lowerIsBetter = false, detail, comparable }: FigureCardProps) {
  const comparison = compareFigure(figure, unit, comparable);
  const good = comparison.direction === (lowerIsBetter ? 'down' : 'up');
  const bad = comparison.direction === (lowerIsBetter ? 'up' : 'down');
  const color = good ? 'success.main' : bad ? 'error.main' : 'text.secondary';
  const Icon = comparison.direction === 'up' ? ArrowUpwardIcon : comparison.direction === 'down' ? ArrowDownwardIcon : RemoveIcon;
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
        {formatFigure(figure.value, unit)}
      </Typography>
      {detail && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
        {comparison.direction !== 'none' && <Icon aria-hidden fontSize="small" sx={{ color }} />}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {comparison.text}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** Under the figures when the range ends in a period still under way: how it is compared. */
export const PARTIAL_COMPARISON = (note: string) =>
  `The range runs to now (${note.toLowerCase()}): each figure is compared with a period of the same length just before it, not with whole periods.`;

export interface HeadlineFiguresProps {
  totals: DashboardMetrics['totals'];
  /** False when the figures began after the period before the range started (DashboardMetrics). */
  comparable: boolean;
  /** The note of the range's last bucket when it is still under way ("Today so far"). */
  partialNote?: string | null;
}

/** The range's totals, each beside the same figure for the period just before it. */
export function HeadlineFigures({ totals, comparable, partialNote }: HeadlineFiguresProps) {
  const holdout = totals.holdoutClicks.value;
  return (
    <Stack spacing={1}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <FigureCard comparable={comparable} label={HEADLINE_LABELS.recommendations} figure={totals.recommendations} unit="count" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <FigureCard comparable={comparable} label={HEADLINE_LABELS.conversion} figure={totals.conversion} unit="percent" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <FigureCard
            comparable={comparable}
            label={HEADLINE_LABELS.clicks}
            figure={totals.clicks}
            unit="count"
            detail={holdout === null ? undefined : `Holdout (control): ${formatCount(holdout)}`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <FigureCard comparable={comparable} label={HEADLINE_LABELS.calls} figure={totals.calls} unit="count" />
        </Grid>
        <Grid size={{ xs: 12, sm: 12, lg: 'grow' }}>
          <FigureCard comparable={comparable} label={HEADLINE_LABELS.duration} figure={totals.averageCallDurationMs} unit="ms" lowerIsBetter />
        </Grid>
      </Grid>
      {comparable && partialNote && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {PARTIAL_COMPARISON(partialNote)}
        </Typography>
      )}
    </Stack>
  );
}

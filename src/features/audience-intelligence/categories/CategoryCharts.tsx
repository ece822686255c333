import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { AudienceCategory } from '@domain/audience/contract';
import { formatCount, formatPercent } from '../format';
import { CATEGORY_LABELS } from '../labels';
import { ChartFigure } from '@/ui/ChartFigure';

export interface CategoryChartsProps {
  categories: AudienceCategory[];
  /** The audience's average data-source coverage, 0-100. */
  averageCoverage: number;
}

const DONUT_SIZE = 220;

/** Users per category, and how much of the six sources the profiles cover on average. */
export function CategoryCharts({ categories, averageCoverage }: CategoryChartsProps) {
  const usersSummary = categories.map((category) => `${category.name}: ${formatCount(category.userCount)}`).join(', ');
  const palette = useTheme().vars.palette;
  const covered = Math.min(100, Math.max(0, averageCoverage));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
          <ChartFigure title={CATEGORY_LABELS.usersChart} summary={`Users per category: ${usersSummary || 'none'}.`}>
            <BarChart
              height={260}
              xAxis={[{ scaleType: 'band', data: categories.map((category) => category.name), tickLabelStyle: { angle: -35, textAnchor: 'end', fontSize: 11 }, height: 64 }]}
              yAxis={[{ tickMinStep: 1, width: 40 }]}
              series={[{ data: categories.map((category) => category.userCount), label: CATEGORY_LABELS.users }]}
              hideLegend
              skipAnimation
            />
          </ChartFigure>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
          <ChartFigure title={CATEGORY_LABELS.coverageChart} summary={`Average data-source coverage: ${formatPercent(covered)}.`}>
            <Box sx={{ position: 'relative', height: DONUT_SIZE }}>
              <PieChart
                height={DONUT_SIZE}
                series={[
                  {
                    data: [
                      { id: 'covered', value: covered, label: 'Covered', color: palette.primary.main },
                      { id: 'missing', value: 100 - covered, label: 'Not covered', color: palette.action.disabledBackground },
                    ],
                    innerRadius: 70,
                    outerRadius: 100,
                    paddingAngle: 1,
                    cornerRadius: 4,
                    valueFormatter: ({ value }) => formatPercent(value),
                  },
                ]}
                hideLegend
                skipAnimation
              />
              {/* The average sits in the donut's hole; the chart is centred, so is the label. */}
              <Box aria-hidden sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
                <Box sx={{ textAlign: 'center' }}>
                  <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                    {formatPercent(covered)}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {CATEGORY_LABELS.average}
                  </Typography>
                </Box>
              </Box>
            </Box>
          </ChartFigure>
        </Paper>
      </Grid>
    </Grid>
  );
}

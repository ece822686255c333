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
import { compactCount, edgeMargins } from '@/ui/chartAxes';
import { ChartFigure } from '@/ui/ChartFigure';

export interface CategoryChartsProps {
  categories: AudienceCategory[];
  /** The audience's average data-source coverage, 0-100. */
  averageCoverage: number;
}

const DONUT_SIZE = 220;
/** Category names are turned, anchored at their end, so long ones fit under narrow bars. */
const LABEL_ANGLE = -35;
const LABEL_FONT_SIZE = 11;

/** Users per category, and how much of the six sources the profiles cover on average. */
export function CategoryCharts({ categories, averageCoverage }: CategoryChartsProps) {
  const usersSummary = categories.map((category) => `${category.name}: ${formatCount(category.userCount)}`).join(', ');
  const theme = useTheme();
  const palette = theme.vars.palette;
  const names = categories.map((category) => category.name);
  const covered = Math.min(100, Math.max(0, averageCoverage));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
          <ChartFigure title={CATEGORY_LABELS.usersChart} summary={`Users per category: ${usersSummary || 'none'}.`}>
            {/* No label is cut: counts written short (15K), and both axes sized to their labels. */}
            <BarChart
              height={260}
              margin={edgeMargins(names, { angle: LABEL_ANGLE, fontSize: LABEL_FONT_SIZE, fontFamily: theme.typography.fontFamily })}
              xAxis={[{ scaleType: 'band', data: names, tickLabelStyle: { angle: LABEL_ANGLE, textAnchor: 'end', fontSize: LABEL_FONT_SIZE }, height: 'auto' }]}
              yAxis={[{ tickMinStep: 1, width: 'auto', valueFormatter: compactCount }]}
              series={[{ data: categories.map((category) => category.userCount), label: CATEGORY_LABELS.users, valueFormatter: (value) => (value === null ? '' : formatCount(value)) }]}
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

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AudienceCategory, AudienceMetrics } from '@domain/audience/contract';
import { formatCount, formatPercent } from '../format';
import { SUMMARY_LABELS } from '../labels';

export interface SummaryCardsProps {
  /** undefined while loading. */
  metrics: AudienceMetrics | undefined;
  /** The selected category: its count, coverage and traits replace the audience's. */
  category: AudienceCategory | null;
}

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ mt: 0.5 }}>{children}</Box>
    </Paper>
  );
}

const Figure = ({ value }: { value: string }) => (
  <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
    {value}
  </Typography>
);

/** Total users (or the category's), Unified, Unknowns, Coverage and Top Segments (or Top Traits). */
export function SummaryCards({ metrics, category }: SummaryCardsProps) {
  if (!metrics) {
    return (
      <Box role="status" aria-label="Loading summary">
        <Skeleton variant="rounded" height={92} />
      </Box>
    );
  }
  const tags = category
    ? category.topTraits
    : metrics.topSegments.map((segment) => `${segment.name} (${formatCount(segment.userCount)})`);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <Card label={category ? SUMMARY_LABELS.categoryUsers : SUMMARY_LABELS.totalUsers}>
          <Figure value={formatCount(category ? category.userCount : metrics.totalUsers)} />
        </Card>
      </Grid>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <Card label={SUMMARY_LABELS.unified}>
          <Figure value={formatPercent(metrics.unifiedIdentities)} />
        </Card>
      </Grid>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <Card label={SUMMARY_LABELS.unknowns}>
          <Figure value={formatPercent(metrics.unknowns)} />
        </Card>
      </Grid>
      <Grid size={{ xs: 6, md: 'grow' }}>
        <Card label={SUMMARY_LABELS.coverage}>
          <Figure value={formatPercent(category ? category.coverage : metrics.dataSourceCoverage)} />
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card label={category ? SUMMARY_LABELS.topTraits : SUMMARY_LABELS.topSegments}>
          {tags.length ? (
            <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.5 }}>
              {tags.map((tag) => (
                <Chip key={tag} size="small" label={tag} />
              ))}
            </Stack>
          ) : (
            <Typography sx={{ color: 'text.secondary', pt: 0.5 }}>{SUMMARY_LABELS.none}</Typography>
          )}
        </Card>
      </Grid>
    </Grid>
  );
}

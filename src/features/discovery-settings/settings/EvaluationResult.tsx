import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import type { EvaluationScores, SettingsEvaluation } from '@domain/models/settings';
import { ResponsiveTable, type TableColumn } from '@/ui/ResponsiveTable';

const METRICS: Array<{ key: keyof EvaluationScores; label: string }> = [
  { key: 'hitRateAt10', label: 'Hit rate@10' },
  { key: 'ndcgAt10', label: 'NDCG@10' },
  { key: 'coverage', label: 'Coverage' },
];

const score = (value: number) => value.toFixed(3);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
/** "+0.012", "−0.004" or "±0.000". */
export function difference(value: number): string {
  const rounded = Number(value.toFixed(3));
  if (rounded === 0) return '±0.000';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(3)}`;
}

const figure = (key: keyof EvaluationScores, scores: EvaluationScores) => (key === 'coverage' ? percent(scores[key]) : score(scores[key]));

interface ComparedMetric {
  key: keyof EvaluationScores;
  label: string;
  current: string;
  edited: string;
  delta: number;
}

const rowsOf = (evaluation: SettingsEvaluation): ComparedMetric[] =>
  METRICS.map(({ key, label }) => ({
    key,
    label,
    current: figure(key, evaluation.current),
    edited: figure(key, evaluation.candidate),
    delta: evaluation.candidate[key] - evaluation.current[key],
  }));

const COMPARED: TableColumn<ComparedMetric>[] = [
  { key: 'metric', label: 'Metric', rowHeader: true, cell: (row) => row.label },
  { key: 'current', label: 'Current', align: 'right', noWrap: true, cell: (row) => row.current },
  { key: 'edited', label: 'Edited', align: 'right', noWrap: true, cell: (row) => row.edited },
  {
    key: 'difference',
    label: 'Difference',
    align: 'right',
    noWrap: true,
    cell: ({ delta }) => (
      <Box component="span" sx={{ color: delta > 0.0005 ? 'success.main' : delta < -0.0005 ? 'error.main' : 'text.primary', fontWeight: 600 }}>
        {difference(delta)}
      </Box>
    ),
  },
];

interface Baseline {
  name: string;
  scores: EvaluationScores;
}

const baselinesOf = (evaluation: SettingsEvaluation): Baseline[] => [
  { name: 'Most popular, not yet had', scores: evaluation.baselines.mostPopular },
  { name: 'Item-kNN (cosine)', scores: evaluation.baselines.itemKnn },
];

const BASELINE: TableColumn<Baseline>[] = [
  { key: 'name', label: 'Baseline (same people)', rowHeader: true, cell: (row) => row.name },
  ...METRICS.map(({ key, label }): TableColumn<Baseline> => ({ key, label, align: 'right', noWrap: true, cell: (row) => figure(key, row.scores) })),
];

/** The saved and the edited settings scored on the same held-out interactions, and their difference. */
export function EvaluationResult({ evaluation }: { evaluation: SettingsEvaluation }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Evaluation" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3">
        Evaluation
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Each person’s last interaction in the {evaluation.days} days up to the newest event, held out and predicted from the rest ({evaluation.users} people), never
        recommending what they already have.
      </Typography>
      <ResponsiveTable label="Current and edited settings" rows={rowsOf(evaluation)} columns={COMPARED} rowKey={(row) => row.key} rowName={(row) => row.label} />
      <ResponsiveTable label="Baselines on the same people" rows={baselinesOf(evaluation)} columns={BASELINE} rowKey={(row) => row.name} rowName={(row) => row.name} sx={{ mt: 2 }} />
    </Paper>
  );
}

import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import type { EvaluationScores, SettingsEvaluation } from '@domain/models/settings';

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
      <Table size="small" aria-label="Current and edited settings">
        <TableHead>
          <TableRow>
            <TableCell>Metric</TableCell>
            <TableCell align="right">Current</TableCell>
            <TableCell align="right">Edited</TableCell>
            <TableCell align="right">Difference</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {METRICS.map(({ key, label }) => {
            const delta = evaluation.candidate[key] - evaluation.current[key];
            return (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{key === 'coverage' ? percent(evaluation.current[key]) : score(evaluation.current[key])}</TableCell>
                <TableCell align="right">{key === 'coverage' ? percent(evaluation.candidate[key]) : score(evaluation.candidate[key])}</TableCell>
                <TableCell align="right" sx={{ color: delta > 0.0005 ? 'success.main' : delta < -0.0005 ? 'error.main' : 'text.primary', fontWeight: 600 }}>
                  {difference(delta)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Table size="small" aria-label="Baselines on the same people" sx={{ mt: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Baseline (same people)</TableCell>
            {METRICS.map(({ key, label }) => (
              <TableCell key={key} align="right">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {[
            { name: 'Most popular, not yet had', scores: evaluation.baselines.mostPopular },
            { name: 'Item-kNN (cosine)', scores: evaluation.baselines.itemKnn },
          ].map(({ name, scores }) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row">
                {name}
              </TableCell>
              {METRICS.map(({ key }) => (
                <TableCell key={key} align="right">
                  {key === 'coverage' ? percent(scores[key]) : score(scores[key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

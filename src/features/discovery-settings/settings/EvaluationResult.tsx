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
];

const score = (value: number) => value.toFixed(3);
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
        Each person’s last interaction in the last {evaluation.days} days, held out and predicted from the rest ({evaluation.users} people).
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
                <TableCell align="right">{score(evaluation.current[key])}</TableCell>
                <TableCell align="right">{score(evaluation.candidate[key])}</TableCell>
                <TableCell align="right" sx={{ color: delta > 0.0005 ? 'success.main' : delta < -0.0005 ? 'error.main' : 'text.primary', fontWeight: 600 }}>
                  {difference(delta)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}

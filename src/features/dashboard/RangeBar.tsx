import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  CUSTOM_RANGE_MAX_DAYS,
  DASHBOARD_MESSAGES,
  DASHBOARD_RANGE_LABELS,
  DASHBOARD_RANGES,
  type DashboardRange,
} from '@domain/dashboard/contract';
import type { OverviewRange } from './useOverviewUrlState';

export const RANGE_LABELS = {
  group: 'Time range',
  from: 'From',
  to: 'To',
  apply: 'Apply',
} as const;

const DAY_MS = 86_400_000;

// The date inputs (MUI's TextField with its Select and input family) load when Custom is chosen.
const TextField = lazy(() => import('@mui/material/TextField'));

/** The client's reading of a custom range, in the server's words; null when it may be sent. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return DASHBOARD_MESSAGES.customFromTo;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return DASHBOARD_MESSAGES.customFromTo;
  if (start > end) return DASHBOARD_MESSAGES.customOrder;
  if ((end - start) / DAY_MS + 1 > CUSTOM_RANGE_MAX_DAYS) return DASHBOARD_MESSAGES.customTooLong;
  return null;
}

export interface RangeBarProps {
  value: OverviewRange;
  onChange: (range: OverviewRange) => void;
  /** The server's refusal of the last custom range (its 400 message). */
  serverError?: string | null;
}

/** 1 Day, 7 Days, 30 Days, 90 Days and Custom; Custom opens From and To with Apply. */
export function RangeBar({ value, onChange, serverError }: RangeBarProps) {
  // Custom opens the date inputs; the charts change only when a complete range is applied.
  const [customOpen, setCustomOpen] = useState(value.range === 'custom');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const selected: DashboardRange = customOpen ? 'custom' : value.range;

  const choose = (range: DashboardRange | null) => {
    if (!range) return;
    setProblem(null);
    if (range === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ range });
  };
  const apply = () => {
    const found = customRangeProblem(from, to);
    setProblem(found);
    if (!found) onChange({ range: 'custom', from, to });
  };
  const shownError = problem ?? (customOpen ? serverError : null);

  return (
    <Paper variant="outlined" component={Stack} spacing={1.5} sx={{ p: 1.5 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <ToggleButtonGroup
          value={selected}
          exclusive
          size="small"
          aria-label={RANGE_LABELS.group}
          onChange={(_event, range: DashboardRange | null) => choose(range)}
          sx={{ flexWrap: 'wrap' }}
        >
          {DASHBOARD_RANGES.map((range) => (
            <ToggleButton key={range} value={range}>
              {DASHBOARD_RANGE_LABELS[range]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {customOpen && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
            <Suspense fallback={<DateFieldsSkeleton />}>
              <TextField
                type="date"
                size="small"
                label={RANGE_LABELS.from}
                value={from}
                onChange={(event) => setFrom(event.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
              />
              <TextField
                type="date"
                size="small"
                label={RANGE_LABELS.to}
                value={to}
                onChange={(event) => setTo(event.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
              />
            </Suspense>
            <Button variant="contained" onClick={apply} disabled={!from || !to}>
              {RANGE_LABELS.apply}
            </Button>
          </Stack>
        )}
      </Stack>
      {shownError && (
        <Alert severity="error" role="alert">
          {shownError}
        </Alert>
      )}
    </Paper>
  );
}

/** The two date inputs' place while they load: two small fields' size. */
function DateFieldsSkeleton() {
  return (
    <>
      <Skeleton variant="rounded" animation={false} aria-hidden width={160} height={40} />
      <Skeleton variant="rounded" animation={false} aria-hidden width={160} height={40} />
    </>
  );
}

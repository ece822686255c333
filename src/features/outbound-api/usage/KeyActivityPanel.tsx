import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ApiKeySummary, PredictionCallRecord, UsageRange } from '@domain/prediction/contract';
import { FailureAlert } from '@/ui/FailureAlert';
import { SelectField } from '@/ui/SelectField';
import { useCompareCall, useKeyUsage, useRecentCalls } from '../api/usage';
import { CompareDialog } from './CompareDialog';
import { RecentCallsTable } from './RecentCallsTable';
import { UsageFigures } from './UsageFigures';

const ALL_KEYS = 'all';
const RANGE_LABELS: Record<UsageRange, string> = { '24h': 'Last 24 h', '30d': 'Last 30 days' };

export interface KeyActivityPanelProps {
  companyId: string;
  keys: readonly ApiKeySummary[];
  onReplay: (call: PredictionCallRecord) => void;
  /** The key to show first (the overview's per-key table links here with ?key=); unknown ids show all keys. */
  initialKeyId?: string | null;
}

function Spinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** Per-key usage (calls, errors, percentiles, zero results) and the recent calls with Replay and Compare. */
export function KeyActivityPanel({ companyId, keys, onReplay, initialKeyId = null }: KeyActivityPanelProps) {
  const [chosen, setKeyChoice] = useState(initialKeyId ?? ALL_KEYS);
  const [range, setRange] = useState<UsageRange>('24h');
  // A key not (or not yet) among the company's keys reads as all of them.
  const keyChoice = keys.some((key) => key.id === chosen) ? chosen : ALL_KEYS;
  const keyId = keyChoice === ALL_KEYS ? null : keyChoice;
  const usage = useKeyUsage(companyId, keyId, range);
  const calls = useRecentCalls(companyId, keyId);
  const compare = useCompareCall();
  const [comparing, setComparing] = useState(false);

  return (
    <Paper variant="outlined" component="section" aria-label="Usage and recent calls" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h2">
            Usage
          </Typography>
          {/* On a phone the token and the range each take a line: side by side, "Last 30 days" would wrap. */}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
            <SelectField
              size="small"
              label="API token"
              value={keyChoice}
              options={[{ value: ALL_KEYS, label: 'All tokens' }, ...keys.map((key) => ({ value: key.id, label: key.name }))]}
              onChange={setKeyChoice}
              sx={{ minWidth: 200 }}
            />
            <ToggleButtonGroup
              exclusive
              size="small"
              value={range}
              onChange={(_event, next: UsageRange | null) => next && setRange(next)}
              aria-label="Usage range"
              sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
            >
              {(Object.keys(RANGE_LABELS) as UsageRange[]).map((each) => (
                <ToggleButton key={each} value={each} sx={{ whiteSpace: 'nowrap' }}>
                  {RANGE_LABELS[each]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
        </Stack>
        {usage.isError ? (
          <FailureAlert title="Failed to load usage" error={usage.error} onRetry={() => void usage.refetch()} />
        ) : usage.data ? (
          <UsageFigures usage={usage.data} />
        ) : (
          <Spinner label="Loading usage" />
        )}
        <Typography variant="subtitle1" component="h3">
          Recent calls
        </Typography>
        {calls.isError ? (
          <FailureAlert title="Failed to load recent calls" error={calls.error} onRetry={() => void calls.refetch()} />
        ) : !calls.data ? (
          <Spinner label="Loading recent calls" />
        ) : calls.data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No calls yet.</Typography>
        ) : (
          <RecentCallsTable
            calls={calls.data}
            onReplay={onReplay}
            onCompare={(call) => {
              setComparing(true);
              compare.mutate(call);
            }}
          />
        )}
      </Stack>
      <CompareDialog
        open={comparing}
        comparison={compare.data}
        error={compare.error}
        onClose={() => {
          setComparing(false);
          compare.reset();
        }}
      />
    </Paper>
  );
}

import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOP_K_MAX, TOP_K_MIN, type CustomAttribute, type PredictRequest } from '@domain/prediction/contract';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useSession } from '@/lib/session';
import { outboundKeys, useMintTestKey } from '../api/keys';
import { formatDateTime } from '../format';
import { LIVE_TEST_LABELS } from '../labels';
import { AttributeInputs } from './AttributeInputs';
import { LiveResponsePanel, type LiveResult } from './LiveResponsePanel';
import { BLANK_LIVE_TEST, buildPredictRequest, formFromRequest, type LiveTestErrors, type LiveTestForm } from './liveTestRequest';
import { callPredict, OutboundNetworkError } from './outboundClient';

export interface LiveTestPanelProps {
  companyId: string;
  attributes: readonly CustomAttribute[];
  /** A logged call's request to send again (Replay); the form starts from it. */
  replay?: PredictRequest | null;
}

/**
 * The Live Test tab's console: the real POST /api/v1/predict through the outbound client, with a
 * pasted token or a 15-minute test key. There is no simulated answer: a failure shows as one.
 */
export function LiveTestPanel({ companyId, attributes, replay }: LiveTestPanelProps) {
  const { session } = useSession();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LiveTestForm>(() => (replay ? formFromRequest(replay) : BLANK_LIVE_TEST));
  const [apiKey, setApiKey] = useState('');
  const [testKeyExpiry, setTestKeyExpiry] = useState<string | null>(null);
  const [errors, setErrors] = useState<LiveTestErrors & { apiKey?: string; session?: string }>({});
  const [result, setResult] = useState<LiveResult | null>(null);
  const mintTestKey = useMintTestKey(companyId);

  const send = useMutation({
    mutationFn: ({ key, request }: { key: string; request: PredictRequest }) => callPredict(key, request),
    onSuccess: (response) => setResult({ kind: 'answer', response }),
    onError: (error) => {
      if (error instanceof OutboundNetworkError) setResult({ kind: 'no-answer', message: error.message, latencyMs: error.latencyMs, attempts: error.attempts });
      else notify.error(withReason('The live test failed', error));
    },
    // The call is logged whatever its outcome: the usage panel and the recent calls show it. Not
    // awaited: the answer is shown at once, not after the usage panel has been fetched again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...outboundKeys.all, companyId] });
    },
  });

  const set = <Field extends keyof LiveTestForm>(field: Field, value: LiveTestForm[Field]) => setForm((current) => ({ ...current, [field]: value }));

  const submit = () => {
    // Section 8: without a session the test is refused before any call.
    if (!session) {
      setErrors({ session: LIVE_TEST_LABELS.authRequired });
      return;
    }
    const built = buildPredictRequest(form, attributes);
    const key = apiKey.trim();
    const nextErrors = { ...(built.ok ? {} : built.errors), ...(key ? {} : { apiKey: LIVE_TEST_LABELS.keyRequired }) };
    setErrors(nextErrors);
    if (!built.ok || !key) return;
    setResult(null);
    send.mutate({ key, request: built.request });
  };

  const takeTestKey = () =>
    mintTestKey.mutate(undefined, {
      onSuccess: (testKey) => {
        setApiKey(testKey.token);
        setTestKeyExpiry(testKey.expiresAt);
        setErrors(({ apiKey: _done, ...rest }) => rest);
      },
      onError: (error) => notify.error(withReason('Failed to get a test key', error)),
    });

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Paper
          variant="outlined"
          component="form"
          aria-label="Live test request"
          noValidate
          sx={{ p: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              POST /api/v1/predict
            </Typography>
            {errors.session && <Alert severity="error">{errors.session}</Alert>}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="API key"
                type="password"
                autoComplete="off"
                fullWidth
                size="small"
                value={apiKey}
                error={Boolean(errors.apiKey)}
                helperText={errors.apiKey ?? (testKeyExpiry ? `Test key (read only) valid until ${formatDateTime(testKeyExpiry)}` : 'Paste one of your API tokens')}
                onChange={(event) => {
                  setApiKey(event.target.value);
                  setTestKeyExpiry(null);
                }}
              />
              <Button variant="outlined" onClick={takeTestKey} disabled={mintTestKey.isPending || !session} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                {LIVE_TEST_LABELS.useTestKey}
              </Button>
            </Stack>
            <TextField label="Query" size="small" fullWidth value={form.query} onChange={(event) => set('query', event.target.value)} />
            <TextField
              label="Top K"
              size="small"
              type="number"
              value={form.topK}
              error={Boolean(errors.topK)}
              helperText={errors.topK ?? `${TOP_K_MIN} to ${TOP_K_MAX}`}
              slotProps={{ htmlInput: { min: TOP_K_MIN, max: TOP_K_MAX, step: 1 } }}
              onChange={(event) => set('topK', event.target.value)}
            />
            <JsonField label="Filters (JSON)" placeholder='{"category": "Footwear", "price": {"lte": 150}}' value={form.filters} error={errors.filters} onChange={(value) => set('filters', value)} />
            <JsonField label="Metadata (JSON)" placeholder='{"user_id": "u-1042", "channel": "web"}' value={form.metadata} error={errors.metadata} onChange={(value) => set('metadata', value)} />
            <Typography variant="subtitle2" component="h3">
              Custom attributes
            </Typography>
            <AttributeInputs
              attributes={attributes}
              entries={form.attributes}
              errors={errors.attributes}
              onChange={(name, entry) => set('attributes', { ...form.attributes, [name]: entry })}
            />
            <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={send.isPending}>
              {send.isPending ? LIVE_TEST_LABELS.sending : LIVE_TEST_LABELS.send}
            </Button>
          </Stack>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        {result ? (
          <LiveResponsePanel result={result} />
        ) : (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography sx={{ color: 'text.secondary' }}>
              {send.isPending ? 'Waiting for the answer...' : 'Send a request to see the live response: status, latency, items and their explanations.'}
            </Typography>
          </Paper>
        )}
      </Grid>
    </Grid>
  );
}

interface JsonFieldProps {
  label: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A JSON object typed by hand: monospace, no spell check, its parse error under it. */
function JsonField({ label, placeholder, value, error, onChange }: JsonFieldProps) {
  return (
    <TextField
      label={label}
      size="small"
      fullWidth
      multiline
      minRows={2}
      placeholder={placeholder}
      value={value}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, INGEST_SECRET_HEADER, type IngestEndpoint } from '@domain/data/connectors';
import { CopyButton } from '@/ui/CopyButton';

/** An example body: a Segment track call for the customer data platform, a plain record otherwise. */
export function exampleBody(catalogueId: string | undefined): string {
  if (catalogueId === 'segment') return JSON.stringify({ type: 'track', event: 'Signed Up', userId: 'u-1001', messageId: 'msg-0001' });
  return JSON.stringify({ id: 'evt-0001', event: 'signup', email: 'ada@example.com' });
}

/** The curl command that posts one record to the ingestion URL with the secret. */
export function curlExample(url: string, secret: string, body: string): string {
  return [
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H '${INGEST_SECRET_HEADER}: ${secret}' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

export interface IngestSecretPanelProps {
  /** The answer that created or rotated the secret: the only one that carries it whole. */
  endpoint: IngestEndpoint & { secret: string };
  /** The catalogue source, for an example body in its format. */
  catalogueId: string | undefined;
  /** Right after connecting (a first secret), or a rotation. */
  rotated: boolean;
}

/** The ingestion URL and its secret, shown once, with copy buttons and a curl example. */
export function IngestSecretPanel({ endpoint, catalogueId, rotated }: IngestSecretPanelProps) {
  const urlId = useId();
  const secretId = useId();
  const exampleId = useId();
  const command = curlExample(endpoint.url, endpoint.secret, exampleBody(catalogueId));
  const readOnly = { htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{rotated ? CONNECTOR_MESSAGES.secretRotated : CONNECTOR_MESSAGES.secretCreated}</Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField id={urlId} label={CONNECTOR_LABELS.ingestionUrl} value={endpoint.url} fullWidth size="small" slotProps={readOnly} />
        <CopyButton text={endpoint.url} label={CONNECTOR_LABELS.copyUrl} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          id={secretId}
          label={CONNECTOR_LABELS.ingestionSecret}
          value={endpoint.secret}
          fullWidth
          size="small"
          slotProps={readOnly}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton text={endpoint.secret} label={CONNECTOR_LABELS.copySecret} />
      </Stack>
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={exampleId} variant="subtitle2" component="h3">
            {CONNECTOR_LABELS.curlExample}
          </Typography>
          <CopyButton text={command} label={CONNECTOR_LABELS.copyCommand} />
        </Stack>
        <Box
          component="pre"
          aria-labelledby={exampleId}
          tabIndex={0}
          sx={{ m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 13, fontFamily: 'monospace' }}
        >
          {command}
        </Box>
      </Box>
    </Stack>
  );
}

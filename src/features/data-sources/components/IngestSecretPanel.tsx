import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, INGEST_SECRET_HEADER, type IngestEndpoint } from '@domain/data/connectors';
import { CopyButton } from '@/ui/CopyButton';
import { CLIENT_SETUP_LABELS, clientSetups, type ClientSetupId } from './segmentClients';

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

const CODE_SX = { m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 13, fontFamily: 'monospace' } as const;

/** Segment's and RudderStack's libraries set up for this source: one tab per library, each with its configuration to copy. */
function ClientSetupTabs({ url, writeKey }: { url: string; writeKey: string }) {
  const prefix = useId();
  const headingId = `${prefix}-heading`;
  const [current, setCurrent] = useState<ClientSetupId>('node');
  const setups = clientSetups(url, writeKey);
  const shown = setups.find((setup) => setup.id === current) ?? setups[0]!;
  return (
    <Box>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {CLIENT_SETUP_LABELS.heading}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {CLIENT_SETUP_LABELS.intro}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Tabs value={current} onChange={(_event, value: ClientSetupId) => setCurrent(value)} aria-label={CLIENT_SETUP_LABELS.tabs} variant="scrollable" scrollButtons={false}>
          {setups.map((setup) => (
            <Tab key={setup.id} value={setup.id} label={setup.label} id={`${prefix}-tab-${setup.id}`} aria-controls={`${prefix}-panel-${setup.id}`} />
          ))}
        </Tabs>
        <CopyButton text={shown.code} label={CLIENT_SETUP_LABELS.copy} describedBy={`${prefix}-tab-${shown.id}`} />
      </Stack>
      <Box
        component="pre"
        role="tabpanel"
        id={`${prefix}-panel-${shown.id}`}
        aria-labelledby={`${prefix}-tab-${shown.id}`}
        tabIndex={0}
        sx={{ ...CODE_SX, mt: 1 }}
      >
        {shown.code}
      </Box>
    </Box>
  );
}

/** The ingestion URL and its secret, shown once, with copy buttons, a curl example and the libraries' configuration. */
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
          sx={CODE_SX}
        >
          {command}
        </Box>
      </Box>
      <ClientSetupTabs url={endpoint.url} writeKey={endpoint.secret} />
    </Stack>
  );
}

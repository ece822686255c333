import { useMemo, useState } from 'react';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_KEY_HEADER } from '@domain/apiKeys';
import { FailureAlert } from '@/ui/FailureAlert';
import { buildUrl } from '@/lib/apiClient';
import { optionsOf, SelectField } from '@/ui/SelectField';
import { OPENAPI_PATH, useOpenApiDocument, usePredictExample } from '../api/docs';
import { CODE_LANGUAGES, CODE_LANGUAGE_LABELS, type CodeLanguage } from './codeSamples';
import { apiBaseUrl, documentedOperations } from './openApi';
import { OperationDocs } from './OperationDocs';

/** The order integrators need them in: predict first. */
const ORDER = ['/v1/predict', '/v1/events', '/v1/items'];
const rank = (path: string) => (ORDER.includes(path) ? ORDER.indexOf(path) : ORDER.length);

export const PREDICT_PATH = '/v1/predict';
export const EXAMPLE_NOTES = {
  own: 'The predict example is made from your own catalogue and custom attributes; its response is the answer the API gives it now.',
  generic: 'This predict example is generic: send your catalogue (PUT /v1/items) and the example is made from it.',
} as const;

export interface DocumentationPanelProps {
  /** The company whose catalogue the predict example is made from. */
  companyId: string;
  /** The dashboard's own origin by default, so the examples call this installation. */
  origin?: string;
}

/** The Documentation tab, generated from the OpenAPI document the server publishes. */
export function DocumentationPanel({ companyId, origin = window.location.origin }: DocumentationPanelProps) {
  const document = useOpenApiDocument();
  const example = usePredictExample(companyId);
  const own = example.data?.request ? example.data : null;
  const [language, setLanguage] = useState<CodeLanguage>('python');
  const baseUrl = apiBaseUrl(origin);
  const operations = useMemo(
    () =>
      document.data
        ? documentedOperations(document.data)
            // The company's own example and the API's answer to it in place of the document's generic pair.
            .map((operation) => (operation.path === PREDICT_PATH && own ? { ...operation, requestExample: own.request, responseExample: own.response } : operation))
            .sort((a, b) => rank(a.path) - rank(b.path))
        : [],
    [document.data, own],
  );

  if (document.isError) return <FailureAlert title="Failed to load the API documentation" error={document.error} onRetry={() => void document.refetch()} />;
  if (!document.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the API documentation" />
      </Box>
    );
  }

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box>
          <Typography variant="h6" component="h2">
            {document.data.info.title} {document.data.info.version}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Base URL <code>{baseUrl}</code>. Send your API token in the <code>{API_KEY_HEADER}</code> header.{' '}
            <Link href={buildUrl(OPENAPI_PATH)} target="_blank" rel="noopener">
              OpenAPI document (for client generators)
              <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
            </Link>
          </Typography>
          {example.data && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {own ? EXAMPLE_NOTES.own : EXAMPLE_NOTES.generic}
            </Typography>
          )}
        </Box>
        <SelectField
          size="small"
          label="Code example language"
          value={language}
          options={optionsOf(CODE_LANGUAGES, CODE_LANGUAGE_LABELS)}
          onChange={setLanguage}
          sx={{ minWidth: 200, flexShrink: 0 }}
        />
      </Stack>
      {operations.map((operation) => (
        <OperationDocs key={`${operation.method} ${operation.path}`} operation={operation} language={language} baseUrl={baseUrl} />
      ))}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { ApiError } from '@/lib/apiClient';

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  fields?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * Why a preview or an import failed. A refusal of the file (too large, not a supported type, not
 * readable: "Invalid JSON format") carries the server's own words, which say what to fix; anything
 * else (the server or the network failed) gets the specification's "Error processing the file".
 */
export function ImportFailure({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body && typeof error.body === 'object') {
    const body = error.body as ErrorBody;
    const title = text(body.error) ?? DATA_SOURCE_MESSAGES.importFailed;
    const message = text(body.message);
    const fields = body.fields && typeof body.fields === 'object' ? Object.values(body.fields as Record<string, unknown>).map(text).filter(Boolean) : [];
    return (
      <Alert severity="error">
        <AlertTitle>{title}</AlertTitle>
        {message && message !== title ? message : null}
        {fields.length > 0 && (
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {fields.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
        )}
      </Alert>
    );
  }
  return <Alert severity="error">{DATA_SOURCE_MESSAGES.importFailed}</Alert>;
}

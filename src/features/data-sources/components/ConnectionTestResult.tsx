import Alert from '@mui/material/Alert';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { serverMessage } from '@/lib/failure';
import type { useTestConnection } from '../api';

export interface ConnectionTestResultProps {
  /** The connect or settings dialog's test call. */
  test: Pick<ReturnType<typeof useTestConnection>, 'isSuccess' | 'isError' | 'data' | 'error'>;
  /** The catalogue source's name, which the server's own success message names too. */
  sourceName: string;
}

/** The outcome of Test connection: the server's success message, or the vendor's refusal in its own words. */
export function ConnectionTestResult({ test, sourceName }: ConnectionTestResultProps) {
  if (test.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {test.data?.message || CONNECTOR_MESSAGES.testPassed(sourceName)}
      </Alert>
    );
  }
  if (test.isError) {
    return (
      <Alert severity="error" role="alert">
        {serverMessage(test.error)}
      </Alert>
    );
  }
  return null;
}

import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import type { CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES, type ConnectorDefinition } from '@domain/data/connectors';

export const DOCUMENTATION_LABEL = 'API documentation';

/** What connecting asks for (nothing, for a pushed source), with the vendor's API documentation where there is one. */
export function ConnectIntro({ source, definition }: { source: CatalogueSource; definition: ConnectorDefinition }) {
  return (
    <DialogContentText>
      {definition.kind === 'webhook'
        ? CONNECTOR_MESSAGES.pushedSource(source.name)
        : `Enter the details ${source.name} needs. Secrets are stored encrypted and are never shown again.`}
      {definition.documentation && (
        <>
          {' '}
          <Link href={definition.documentation} target="_blank" rel="noopener noreferrer">
            {DOCUMENTATION_LABEL}
          </Link>
        </>
      )}
    </DialogContentText>
  );
}

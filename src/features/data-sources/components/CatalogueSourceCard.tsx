import { useId } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CATALOGUE_BUTTON_LABELS, catalogueSource, REQUEST_CUSTOM_API_ID, type CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { connectionSummary, type CatalogueConnection } from './catalogueConnections';
import { SourceMonogram } from './SourceMonogram';

export const POPULAR_LABEL = 'Popular';
/** The request entry's own name: "Request Custom API". */
export const REQUEST_CUSTOM_API_LABEL = catalogueSource(REQUEST_CUSTOM_API_ID)?.name ?? 'Request Custom API';

export interface CatalogueSourceCardProps {
  source: CatalogueSource;
  /** The company's sources of this entry; null when no one company is in view (nothing reads as connected). */
  connection: CatalogueConnection | null;
  /** Without data_sources:write the card has no button; a connected source still says so. */
  canManage: boolean;
  /**
   * A connector (or, for an import entry, the importer) exists for it. Without one the card says so,
   * its "Connect API" is disabled, and "Request Custom API" asks for one.
   */
  connectable: boolean;
  /** The main button: connect (or import) a new source, add another one, or request a custom API. */
  onAction: (source: CatalogueSource) => void;
  /** "Settings" of its one source, or "View sources" when it has several. */
  onShowConnected: (source: CatalogueSource) => void;
  /** "Request Custom API" on a source without a connector. */
  onRequestConnector: () => void;
}

/** The main button's wording: the specification's labels for a first source, "Add source" for another. */
export function catalogueButtonLabel(source: CatalogueSource, connectedCount: number): string {
  if (source.id === REQUEST_CUSTOM_API_ID) return source.name;
  if (connectedCount > 0) return CATALOGUE_BUTTON_LABELS.addSource;
  return source.isImport ? CATALOGUE_BUTTON_LABELS.connectData : CATALOGUE_BUTTON_LABELS.connectApi;
}

/** One entry of the Available tab: tile, name, description, "Popular" badge, what is connected of it, and its buttons. */
export function CatalogueSourceCard({ source, connection, canManage, connectable, onAction, onShowConnected, onRequestConnector }: CatalogueSourceCardProps) {
  const titleId = useId();
  const statusId = useId();
  const noConnectorId = useId();
  const isRequest = source.id === REQUEST_CUSTOM_API_ID;
  const count = isRequest ? 0 : (connection?.sources.length ?? 0);
  const offered = count > 0 || connectable || isRequest;
  // Asking for a custom API connects nothing: everyone signed in may ask.
  const actionable = canManage || isRequest;
  const label = catalogueButtonLabel(source, count);
  const describedBy = count > 0 ? `${titleId} ${statusId}` : titleId;
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
          <SourceMonogram icon={source.icon} color={source.color} />
          <Stack spacing={0.5} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
            <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {source.name}
            </Typography>
            {source.isPopular && <Chip size="small" color="primary" label={POPULAR_LABEL} />}
          </Stack>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {source.description}
        </Typography>
        {connection && count > 0 && (
          <Typography id={statusId} variant="body2" sx={{ mt: 1.5, fontWeight: 600, color: connection.failing > 0 ? 'warning.main' : 'success.main' }}>
            {CATALOGUE_BUTTON_LABELS.connected} · {connectionSummary(connection)}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {!offered ? (
          <Stack spacing={1} sx={{ width: '100%' }}>
            <Typography id={noConnectorId} variant="body2" sx={{ color: 'text.secondary' }}>
              {CONNECTOR_MESSAGES.noConnector}
            </Typography>
            {canManage && (
              <Button variant="contained" fullWidth disabled aria-describedby={`${titleId} ${noConnectorId}`}>
                {label}
              </Button>
            )}
            {/* Anyone signed in may ask for a connector. */}
            <Button variant="outlined" fullWidth aria-describedby={titleId} onClick={onRequestConnector}>
              {REQUEST_CUSTOM_API_LABEL}
            </Button>
          </Stack>
        ) : (
          actionable && (
            <Stack direction="row" spacing={1} sx={{ width: '100%' }}>
              <Button variant={count > 0 ? 'outlined' : 'contained'} fullWidth aria-describedby={describedBy} onClick={() => onAction(source)}>
                {label}
              </Button>
              {count > 0 && (
                <Button fullWidth aria-describedby={describedBy} onClick={() => onShowConnected(source)}>
                  {count === 1 ? CATALOGUE_BUTTON_LABELS.settings : CATALOGUE_BUTTON_LABELS.viewSources}
                </Button>
              )}
            </Stack>
          )
        )}
      </CardActions>
    </Card>
  );
}

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
import { SourceMonogram } from './SourceMonogram';

export const POPULAR_LABEL = 'Popular';
/** The request entry's own name: "Request Custom API". */
export const REQUEST_CUSTOM_API_LABEL = catalogueSource(REQUEST_CUSTOM_API_ID)?.name ?? 'Request Custom API';

export interface CatalogueSourceCardProps {
  source: CatalogueSource;
  /** Connected for the company in view (for an import entry: any file has been imported). */
  connected: boolean;
  /** Without data_sources:write the card has no button; a connected source still says so. */
  canManage: boolean;
  /**
   * A connector (or, for an import entry, the importer) exists for it. Without one the card says so,
   * its "Connect API" is disabled, and "Request Custom API" asks for one.
   */
  connectable: boolean;
  /** The button: connect, import, open the connected source's settings, or request a custom API. */
  onAction: (source: CatalogueSource) => void;
  /** "Request Custom API" on a source without a connector. */
  onRequestConnector: () => void;
}

/** The button's wording: the specification's three labels, and the request entry's own name. */
export function catalogueButtonLabel(source: CatalogueSource, connected: boolean): string {
  if (source.id === REQUEST_CUSTOM_API_ID) return source.name;
  if (connected) return CATALOGUE_BUTTON_LABELS.connected;
  return source.isImport ? CATALOGUE_BUTTON_LABELS.connectData : CATALOGUE_BUTTON_LABELS.connectApi;
}

/** One source of the Available tab: tile, name, description, "Popular" badge, and its button. */
export function CatalogueSourceCard({ source, connected, canManage, connectable, onAction, onRequestConnector }: CatalogueSourceCardProps) {
  const titleId = useId();
  const noConnectorId = useId();
  const offered = connected || connectable || source.id === REQUEST_CUSTOM_API_ID;
  // Asking for a custom API connects nothing: everyone signed in may ask.
  const actionable = canManage || source.id === REQUEST_CUSTOM_API_ID;
  const label = catalogueButtonLabel(source, connected);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
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
        ) : actionable ? (
          <Button
            variant={connected ? 'outlined' : 'contained'}
            color={connected ? 'success' : 'primary'}
            fullWidth
            aria-describedby={titleId}
            onClick={() => onAction(source)}
          >
            {label}
          </Button>
        ) : (
          connected && (
            <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {label}
            </Typography>
          )
        )}
      </CardActions>
    </Card>
  );
}

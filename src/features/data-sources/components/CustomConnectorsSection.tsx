import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CATALOGUE_BUTTON_LABELS, type CatalogueSource } from '@domain/data/catalogue';
import { CUSTOM_CONNECTOR_LABELS, CUSTOM_CONNECTOR_MESSAGES, customCatalogueSource, type CustomConnectorView } from '@domain/data/customConnectors';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { connectionSummary, type CatalogueConnection } from './catalogueConnections';
import { SourceMonogram } from './SourceMonogram';

export interface CustomConnectorsSectionProps {
  /** undefined while loading (or when the load failed). */
  connectors: CustomConnectorView[] | undefined;
  loadError?: unknown;
  /** The company's sources made with it; null when no one company is in view. */
  connectionOf: (entry: CatalogueSource) => CatalogueConnection | null;
  deletingIds: readonly string[];
  onAdd: () => void;
  /** "Connect API" (or "Add source"): the connect dialog with the settings its definition asks for. */
  onConnect: (entry: CatalogueSource) => void;
  /** "Edit": its definition, to store a new version. */
  onEdit: (connector: CustomConnectorView) => void;
  /** Called once the user has confirmed. */
  onDelete: (connector: CustomConnectorView) => void;
}

/**
 * The company's own connectors, above the catalogue: each connected like a catalogue source, edited,
 * and deleted here (the server refuses while a source uses one, and says which).
 */
export function CustomConnectorsSection({ connectors, loadError, connectionOf, deletingIds, onAdd, onConnect, onEdit, onDelete }: CustomConnectorsSectionProps) {
  const headingId = useId();
  // The connector stays named while the confirmation closes.
  const [toDelete, setToDelete] = useState<{ open: boolean; connector: CustomConnectorView | null }>({ open: false, connector: null });
  const ask = (connector: CustomConnectorView) => setToDelete({ open: true, connector });
  const closeConfirm = () => setToDelete((current) => ({ ...current, open: false }));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {CUSTOM_CONNECTOR_LABELS.section}
        </Typography>
        <Button variant="outlined" onClick={onAdd}>
          {CUSTOM_CONNECTOR_LABELS.add}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {CUSTOM_CONNECTOR_LABELS.sectionHelp}
      </Typography>
      {loadError ? (
        <FailureAlert title={CUSTOM_CONNECTOR_MESSAGES.loadFailed} error={loadError} />
      ) : connectors && connectors.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {CUSTOM_CONNECTOR_LABELS.none}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {(connectors ?? []).map((connector) => (
            <Grid key={connector.id} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
              <CustomConnectorCard
                connector={connector}
                connection={connectionOf(customCatalogueSource(connector.id, connector.definition))}
                deleting={deletingIds.includes(connector.id)}
                onConnect={onConnect}
                onEdit={onEdit}
                onDelete={ask}
              />
            </Grid>
          ))}
        </Grid>
      )}
      <ConfirmDialog
        open={toDelete.open}
        title={CUSTOM_CONNECTOR_LABELS.deleteTitle}
        confirmLabel={CUSTOM_CONNECTOR_LABELS.delete}
        destructive
        onConfirm={() => {
          if (toDelete.connector) onDelete(toDelete.connector);
          closeConfirm();
        }}
        onCancel={closeConfirm}
      >
        {toDelete.connector && CUSTOM_CONNECTOR_MESSAGES.deleteConfirm(toDelete.connector.name)}
      </ConfirmDialog>
    </Box>
  );
}

interface CustomConnectorCardProps {
  connector: CustomConnectorView;
  connection: CatalogueConnection | null;
  deleting: boolean;
  onConnect: (entry: CatalogueSource) => void;
  onEdit: (connector: CustomConnectorView) => void;
  onDelete: (connector: CustomConnectorView) => void;
}

function CustomConnectorCard({ connector, connection, deleting, onConnect, onEdit, onDelete }: CustomConnectorCardProps) {
  const titleId = useId();
  const statusId = useId();
  const count = connection?.sources.length ?? 0;
  const entry = customCatalogueSource(connector.id, connector.definition);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
          <SourceMonogram icon={entry.icon} color={entry.color} />
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3, minWidth: 0, overflowWrap: 'anywhere' }}>
            {connector.name}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {entry.description}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {CUSTOM_CONNECTOR_MESSAGES.summary(connector)}
        </Typography>
        {connection && count > 0 && (
          <Typography id={statusId} variant="body2" sx={{ mt: 1, fontWeight: 600, color: connection.failing > 0 ? 'warning.main' : 'success.main' }}>
            {CATALOGUE_BUTTON_LABELS.connected} · {connectionSummary(connection)}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button variant={count > 0 ? 'outlined' : 'contained'} fullWidth aria-describedby={count > 0 ? `${titleId} ${statusId}` : titleId} onClick={() => onConnect(entry)}>
          {count > 0 ? CATALOGUE_BUTTON_LABELS.addSource : CATALOGUE_BUTTON_LABELS.connectApi}
        </Button>
        <Button variant="outlined" aria-describedby={titleId} disabled={deleting} onClick={() => onEdit(connector)}>
          {CUSTOM_CONNECTOR_LABELS.edit}
        </Button>
        <Button variant="outlined" color="error" aria-describedby={titleId} disabled={deleting} onClick={() => onDelete(connector)}>
          {CUSTOM_CONNECTOR_LABELS.delete}
        </Button>
      </CardActions>
    </Card>
  );
}

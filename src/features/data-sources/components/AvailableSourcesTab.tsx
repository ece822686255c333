import { lazy } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { CatalogueSource } from '@domain/data/catalogue';
import type { CustomConnectorView } from '@domain/data/customConnectors';
import type { CatalogueConnection } from './catalogueConnections';

// The Available Sources tab (the catalogue and the company's own connectors) is downloaded when
// the tab is first pointed at or chosen: the page opens on the connected sources.
const loadCatalogue = () => import('./SourceCatalogue');
const loadCustomConnectors = () => import('./CustomConnectorsSection');
export const preloadAvailableTab = () => void Promise.all([loadCatalogue(), loadCustomConnectors()]);
const SourceCatalogue = lazy(async () => ({ default: (await loadCatalogue()).SourceCatalogue }));
const CustomConnectorsSection = lazy(async () => ({ default: (await loadCustomConnectors()).CustomConnectorsSection }));

/** The company's own connectors, for those who may manage data. */
export interface CustomConnectorsSlot {
  /** undefined while loading, or when the load failed. */
  connectors: CustomConnectorView[] | undefined;
  loadError?: unknown;
  deletingIds: readonly string[];
  /** Called once the user has confirmed. */
  onDelete: (connector: CustomConnectorView) => void;
}

/** What the cards' buttons do: each main button makes something new. */
export interface AvailableSourcesActions {
  connectionOf: (entry: CatalogueSource) => CatalogueConnection | null;
  connect: (entry: CatalogueSource) => void;
  importFile: (entry: CatalogueSource) => void;
  showConnected: (entry: CatalogueSource) => void;
  requestCustomApi: () => void;
  addConnector: () => void;
  editConnector: (connector: CustomConnectorView) => void;
}

export interface AvailableSourcesTabProps {
  canManage: boolean;
  /** Shown above the catalogue when given (those who may manage data). */
  customConnectors?: CustomConnectorsSlot;
  actions: AvailableSourcesActions;
}

/** The Available Sources tab: the company's own connectors, then the catalogue. Render it inside Suspense. */
export function AvailableSourcesTab({ canManage, customConnectors, actions }: AvailableSourcesTabProps) {
  return (
    <Stack spacing={4}>
      {canManage && customConnectors && (
        <CustomConnectorsSection
          connectors={customConnectors.connectors}
          loadError={customConnectors.loadError}
          connectionOf={actions.connectionOf}
          deletingIds={customConnectors.deletingIds}
          onAdd={actions.addConnector}
          onConnect={actions.connect}
          onEdit={actions.editConnector}
          onDelete={customConnectors.onDelete}
        />
      )}
      <SourceCatalogue
        connectionOf={actions.connectionOf}
        canManage={canManage}
        onConnect={actions.connect}
        onImport={actions.importFile}
        onShowConnected={actions.showConnected}
        onRequestCustomApi={actions.requestCustomApi}
      />
    </Stack>
  );
}

/** Held while the Available Sources tab's code arrives. */
export function AvailableTabLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading the available sources" />
    </Box>
  );
}

import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { CatalogueSource } from '@domain/data/catalogue';
import type { ConnectorDefinition } from '@domain/data/connectors';
import { CUSTOM_CONNECTOR_MESSAGES } from '@domain/data/customConnectorMessages';
import type { CustomConnectorView } from '@domain/data/customConnectors';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES, FILE_UPLOAD_TYPE, type DataSource } from '@domain/data/sources';
import { API_ERRORS } from '@domain/errors';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useLastDefined } from '@/lib/useLastDefined';
import { useOpenedOnce } from '@/lib/useOpenedOnce';
import { NAVOUT_TAGLINE } from '@/theme/components/Logo';
import { ExtraConnectorDefinitionsProvider } from '../connectorDefinitions';
import { ConnectedSourcesPanel, type LoadFailure } from './ConnectedSourcesPanel';
import { recordsText } from './ConnectedSourceCard';

// The dialogs (their forms, react-hook-form and yup) are downloaded when first opened: most
// visits open none, and a phone would otherwise evaluate them all before the cards show.
const ConfirmDialog = lazy(async () => ({ default: (await import('@/ui/ConfirmDialog')).ConfirmDialog }));
const AddCustomConnectorDialog = lazy(async () => ({ default: (await import('./AddCustomConnectorDialog')).AddCustomConnectorDialog }));
const ConnectSourceDialog = lazy(async () => ({ default: (await import('./ConnectSourceDialog')).ConnectSourceDialog }));
const CustomApiRequestDialog = lazy(async () => ({ default: (await import('./CustomApiRequestDialog')).CustomApiRequestDialog }));
const SourceSettingsDialog = lazy(async () => ({ default: (await import('./SourceSettingsDialog')).SourceSettingsDialog }));
// The Available Sources tab (the catalogue and the company's own connectors) is downloaded when
// the tab is first pointed at or chosen: the page opens on the connected sources.
const loadCatalogue = () => import('./SourceCatalogue');
const loadCustomConnectors = () => import('./CustomConnectorsSection');
const preloadAvailableTab = () => void Promise.all([loadCatalogue(), loadCustomConnectors()]);
const SourceCatalogue = lazy(async () => ({ default: (await loadCatalogue()).SourceCatalogue }));
const CustomConnectorsSection = lazy(async () => ({ default: (await loadCustomConnectors()).CustomConnectorsSection }));

export type DataSourcesTab = 'connected' | 'available';

/** What the import dialog is given when "Connect Data" opens it. */
export interface ImportDialogSlotProps {
  open: boolean;
  onClose: () => void;
  /** The import entry whose button opened it (CSV, Excel or JSON upload); null before the first opening. */
  catalogueSource: CatalogueSource | null;
  /** The company in view, for a global admin; undefined imports for the signed-in user's own company. */
  companyId: string | undefined;
  /** An existing file source to import an updated file into (upserts), or null for a new source. */
  source: DataSource | null;
}

export interface DataSourcesViewProps {
  /** undefined while loading, or when the first load failed. */
  sources: DataSource[] | undefined;
  loadFailure?: LoadFailure;
  /** data_sources:write: connect, import, settings, Sync Now and Delete. */
  canManage: boolean;
  /** The company in view, for a global admin; undefined for everyone else (the server uses their own). */
  companyId: string | undefined;
  /** A global admin with "All Companies" chosen: lists every company's sources; writes need a company first. */
  viewingAll: boolean;
  /** Company names by id, shown on the cards when viewing all companies. */
  companyNames?: ReadonlyMap<string, string>;
  syncingIds: readonly string[];
  deletingIds: readonly string[];
  onSync: (source: DataSource) => void;
  /** Called once the user has confirmed. */
  onDelete: (source: DataSource) => void;
  /** The Field Mapping panel, under the connected sources. */
  mappingPanel?: ReactNode;
  /** Renders the Import Data dialog. */
  importDialog?: (props: ImportDialogSlotProps) => ReactNode;
  /** Opens Configure Data Mapping for a source (from its settings). */
  onConfigureMapping?: (source: DataSource) => void;
  initialTab?: DataSourcesTab;
  /** The company's own connectors, for those who may manage data: listed above the catalogue, connectable like its sources. */
  customConnectors?: CustomConnectorsSlot;
}

export interface CustomConnectorsSlot {
  /** undefined while loading, or when the load failed. */
  connectors: CustomConnectorView[] | undefined;
  loadError?: unknown;
  deletingIds: readonly string[];
  /** Called once the user has confirmed. */
  onDelete: (connector: CustomConnectorView) => void;
}

/** A custom connector's settings, as the connect and settings dialogs look connectors up. */
export const customConnectorDefinitionOf = (connector: CustomConnectorView): ConnectorDefinition => ({
  catalogueId: connector.catalogueId,
  kind: 'vendor',
  settings: connector.settings,
  ...(connector.definition.spec?.documentation_url ? { documentation: connector.definition.spec.documentation_url } : {}),
});

/** Whether a catalogue entry is connected among `sources`: by its catalogue id, or for an import entry, any imported file. */
export function isCatalogueSourceConnected(entry: CatalogueSource, sources: readonly DataSource[]): boolean {
  if (entry.isImport) return sources.some((source) => source.type === FILE_UPLOAD_TYPE);
  return sources.some((source) => source.availableDataSource?.id === entry.id);
}

/**
 * The Data Sources screen without its server calls: the tabs, the connected sources and the
 * catalogue, and the dialogs they open. The page feeds it; the import dialog and the mapping
 * panel come in through their slots.
 */
export function DataSourcesView({
  sources,
  loadFailure,
  canManage,
  companyId,
  viewingAll,
  companyNames,
  syncingIds,
  deletingIds,
  onSync,
  onDelete,
  mappingPanel,
  importDialog,
  onConfigureMapping,
  initialTab = 'connected',
  customConnectors,
}: DataSourcesViewProps) {
  const notify = useNotify();
  const idPrefix = useId();
  const [tab, setTab] = useState<DataSourcesTab>(initialTab);
  const [connecting, setConnecting] = useState<CatalogueSource | null>(null);
  const [settingsId, setSettingsId] = useState<string | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [importing, setImporting] = useState<CatalogueSource | null>(null);
  const [reimporting, setReimporting] = useState<DataSource | null>(null);
  const [toDelete, setToDelete] = useState<DataSource | null>(null);
  const [addingConnector, setAddingConnector] = useState(false);
  const [editingConnector, setEditingConnector] = useState<CustomConnectorView | null>(null);
  // Kept through the closing transition, so the dialog does not turn into the add dialog as it goes.
  const shownEditingConnector = useLastDefined(editingConnector);
  const showsCustom = canManage && customConnectors !== undefined;
  const customDefinitions = useMemo(() => (customConnectors?.connectors ?? []).map(customConnectorDefinitionOf), [customConnectors?.connectors]);
  const shownToDelete = useLastDefined(toDelete);
  const lastImportSource = useLastDefined(importing);
  const connectOpened = useOpenedOnce(connecting !== null);
  const settingsOpened = useOpenedOnce(settingsId !== null);
  const addConnectorOpened = useOpenedOnce(addingConnector);
  const requestOpened = useOpenedOnce(requesting);
  const deleteOpened = useOpenedOnce(toDelete !== null);

  const list = sources ?? [];
  const activeCount = list.filter((source) => source.status === 'active').length;
  // Read from the list on every render: the dialog shows the saved state, and closes if the source goes.
  const settingsSource = list.find((source) => source.id === settingsId) ?? null;
  // With every company listed, "connected" would mix companies: a company is chosen first.
  const isConnected = (entry: CatalogueSource) => !viewingAll && isCatalogueSourceConnected(entry, list);

  /** Writes are kept per company: a global admin viewing all companies chooses one first. */
  const onceCompanyChosen = (open: (entry: CatalogueSource) => void) => (entry: CatalogueSource) => {
    if (viewingAll) notify.warning(API_ERRORS.company_required.message);
    else open(entry);
  };

  const openSettingsFor = (entry: CatalogueSource, error?: unknown) => {
    const connected = list.find((source) => source.availableDataSource?.id === entry.id);
    if (connected) setSettingsId(connected.id);
    else notify.info(serverMessage(error, `${entry.name} is already connected.`));
  };

  const tabId = (value: DataSourcesTab) => `${idPrefix}-tab-${value}`;
  // Only the chosen tab's panel is rendered, so only that tab may point at it.
  const panelId = (value: DataSourcesTab) => `${idPrefix}-panel-${value}`;

  return (
    <ExtraConnectorDefinitionsProvider definitions={customDefinitions}>
      <Stack spacing={3} sx={{ py: 2 }}>
        <Box>
          <Typography variant="h4" component="h1" gutterBottom>
            Data Sources
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{NAVOUT_TAGLINE}</Typography>
        </Box>

        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={tab} onChange={(_event, value: DataSourcesTab) => setTab(value)} aria-label="Data sources">
            <Tab
              value="connected"
              label={DATA_SOURCE_LABELS.connectedTab(activeCount)}
              id={tabId('connected')}
              aria-controls={tab === 'connected' ? panelId('connected') : undefined}
            />
            <Tab
              value="available"
              label={DATA_SOURCE_LABELS.availableTab}
              onPointerEnter={preloadAvailableTab}
              onFocus={preloadAvailableTab}
              id={tabId('available')}
              aria-controls={tab === 'available' ? panelId('available') : undefined}
            />
          </Tabs>
        </Box>

        <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
          {tab === 'connected' ? (
            <ConnectedSourcesPanel
              sources={sources}
              loadFailure={loadFailure}
              canManage={canManage}
              companyNames={viewingAll ? companyNames : undefined}
              syncingIds={syncingIds}
              deletingIds={deletingIds}
              onSync={onSync}
              onDelete={setToDelete}
              onOpenSettings={(source) => setSettingsId(source.id)}
              onImportFile={canManage && importDialog ? setReimporting : undefined}
              onBrowse={() => setTab('available')}
              mappingPanel={mappingPanel}
            />
          ) : (
            <Suspense fallback={<AvailableTabLoading />}>
              <Stack spacing={4}>
                {showsCustom && (
                  <CustomConnectorsSection
                    connectors={customConnectors.connectors}
                    loadError={customConnectors.loadError}
                    isConnected={isConnected}
                    deletingIds={customConnectors.deletingIds}
                    onAdd={() => (viewingAll ? notify.warning(API_ERRORS.company_required.message) : setAddingConnector(true))}
                    onConnect={onceCompanyChosen(setConnecting)}
                    onOpenConnected={(entry) => openSettingsFor(entry)}
                    onEdit={setEditingConnector}
                    onDelete={customConnectors.onDelete}
                  />
                )}
                <SourceCatalogue
                  isConnected={isConnected}
                  canManage={canManage}
                  onConnect={onceCompanyChosen(setConnecting)}
                  onImport={onceCompanyChosen(setImporting)}
                  onOpenConnected={(entry) => openSettingsFor(entry)}
                  onRequestCustomApi={() => setRequesting(true)}
                />
              </Stack>
            </Suspense>
          )}
        </Box>

        {connectOpened && (
          <Suspense fallback={null}>
            <ConnectSourceDialog
              source={connecting}
              companyId={companyId}
              onClose={() => setConnecting(null)}
              onConnected={(created) => {
                setConnecting(null);
                notify.success(DATA_SOURCE_MESSAGES.connected(created.name));
              }}
              onAlreadyConnected={(entry, error) => {
                setConnecting(null);
                openSettingsFor(entry, error);
              }}
            />
          </Suspense>
        )}
        {showsCustom && shownEditingConnector && (
          <AddCustomConnectorDialog
            open={Boolean(editingConnector)}
            companyId={companyId}
            connector={shownEditingConnector}
            onClose={() => setEditingConnector(null)}
            onAdded={() => setEditingConnector(null)}
            onUpdated={(connector) => {
              setEditingConnector(null);
              notify.success(CUSTOM_CONNECTOR_MESSAGES.updated(connector.name));
            }}
          />
        )}

        {settingsOpened && (
          <Suspense fallback={null}>
            <SourceSettingsDialog
              source={settingsSource}
              onClose={() => setSettingsId(null)}
              onConfigureMapping={onConfigureMapping}
              onReimport={canManage && importDialog ? setReimporting : undefined}
            />
          </Suspense>
        )}

        {showsCustom && addConnectorOpened && (
          <Suspense fallback={null}>
            <AddCustomConnectorDialog
              open={addingConnector}
              companyId={companyId}
              onClose={() => setAddingConnector(false)}
              onAdded={(connector) => {
                setAddingConnector(false);
                notify.success(CUSTOM_CONNECTOR_MESSAGES.added(connector.name));
              }}
            />
          </Suspense>
        )}

        {requestOpened && (
          <Suspense fallback={null}>
            <CustomApiRequestDialog
              open={requesting}
              onClose={() => setRequesting(false)}
              onSent={() => {
                setRequesting(false);
                notify.success(DATA_SOURCE_MESSAGES.requestSent);
              }}
            />
          </Suspense>
        )}

        {importDialog?.({
          open: Boolean(importing) || Boolean(reimporting),
          onClose: () => {
            setImporting(null);
            setReimporting(null);
          },
          catalogueSource: lastImportSource,
          companyId: reimporting ? reimporting.companyId : companyId,
          source: reimporting,
        })}

        {deleteOpened && (
          <Suspense fallback={null}>
            <ConfirmDialog
              open={Boolean(toDelete)}
              title={DATA_SOURCE_LABELS.deleteSource}
              confirmLabel={DATA_SOURCE_LABELS.delete}
              destructive
              onConfirm={() => {
                if (toDelete) onDelete(toDelete);
                setToDelete(null);
              }}
              onCancel={() => setToDelete(null)}
            >
              {shownToDelete &&
                `Are you sure you want to delete ${shownToDelete.name}? Its ${recordsText(shownToDelete.records)} will be deleted with it. This action cannot be undone.`}
            </ConfirmDialog>
          </Suspense>
        )}
      </Stack>
    </ExtraConnectorDefinitionsProvider>
  );
}

/** Held while the Available Sources tab's code arrives. */
function AvailableTabLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading the available sources" />
    </Box>
  );
}

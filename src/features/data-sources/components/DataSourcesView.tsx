import { Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { CatalogueSource } from '@domain/data/catalogue';
import type { ConnectorDefinition } from '@domain/data/connectors';
import type { CustomConnectorView } from '@domain/data/customConnectors';
import { DATA_SOURCE_LABELS, type DataSource } from '@domain/data/sources';
import { API_ERRORS } from '@domain/errors';
import { useNotify } from '@/lib/notifications';
import { ExtraConnectorDefinitionsProvider } from '../connectorDefinitions';
import { AvailableSourcesTab, AvailableTabLoading, preloadAvailableTab, type AvailableSourcesActions, type CustomConnectorsSlot } from './AvailableSourcesTab';
import { connectionOf, nextSourceName } from './catalogueConnections';
import { ConnectedSourcesPanel, type LoadFailure } from './ConnectedSourcesPanel';
import { DataSourcesHeader } from './DataSourcesHeader';
import { SourceDialogs, type ImportDialogSlotProps } from './SourceDialogs';
import { useSourceDialogs } from './useSourceDialogs';

export type { CustomConnectorsSlot } from './AvailableSourcesTab';
export type { ImportDialogSlotProps } from './SourceDialogs';
export type DataSourcesTab = 'connected' | 'available';

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

/** A custom connector's settings, as the connect and settings dialogs look connectors up. */
export const customConnectorDefinitionOf = (connector: CustomConnectorView): ConnectorDefinition => ({
  catalogueId: connector.catalogueId,
  kind: 'vendor',
  settings: connector.settings,
  ...(connector.definition.spec?.documentation_url ? { documentation: connector.definition.spec.documentation_url } : {}),
});

/**
 * The Data Sources screen without its server calls: the header and its actions, the tabs, the
 * connected sources and the catalogue, and the dialogs they open. The page feeds it; the import
 * dialog and the mapping panel come in through their slots.
 */
export function DataSourcesView(props: DataSourcesViewProps) {
  const { sources, canManage, companyId, viewingAll, importDialog, initialTab = 'connected', customConnectors } = props;
  const notify = useNotify();
  const idPrefix = useId();
  const [tab, setTab] = useState<DataSourcesTab>(initialTab);
  const dialogs = useSourceDialogs();
  const { open } = dialogs;
  const list = sources ?? [];
  const activeCount = list.filter((source) => source.status === 'active').length;
  const showsCustom = canManage && customConnectors !== undefined;
  const customDefinitions = useMemo(() => (customConnectors?.connectors ?? []).map(customConnectorDefinitionOf), [customConnectors?.connectors]);

  /** Writes are kept per company: a global admin viewing all companies chooses one first. */
  const forCompany = (act: () => void) => (viewingAll ? notify.warning(API_ERRORS.company_required.message) : act());
  const importNew = (entry: CatalogueSource | null) => forCompany(() => open.importFile({ entry, source: null }));
  const actions: AvailableSourcesActions = {
    // With every company listed, "connected" would mix companies: a company is chosen first.
    connectionOf: (entry) => (viewingAll ? null : connectionOf(entry.id, list)),
    connect: (entry) =>
      forCompany(() => {
        const further = connectionOf(entry.id, list).sources.length > 0;
        open.connect({ entry, ...(further ? { name: nextSourceName(entry, list) } : {}) });
      }),
    importFile: importNew,
    showConnected: (entry) => {
      const own = connectionOf(entry.id, list).sources;
      if (own.length === 1) open.settings(own[0]!);
      else setTab('connected');
    },
    requestCustomApi: open.request,
    addConnector: () => forCompany(open.addConnector),
    editConnector: open.editConnector,
  };

  const tabId = (value: DataSourcesTab) => `${idPrefix}-tab-${value}`;
  // Only the chosen tab's panel is rendered, so only that tab may point at it.
  const panelId = (value: DataSourcesTab) => `${idPrefix}-panel-${value}`;

  return (
    <ExtraConnectorDefinitionsProvider definitions={customDefinitions}>
      <Stack spacing={3} sx={{ py: 2 }}>
        <DataSourcesHeader canManage={canManage && Boolean(importDialog)} onImportFile={() => importNew(null)} onConnectSource={() => setTab('available')} />
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={tab} onChange={(_event, value: DataSourcesTab) => setTab(value)} aria-label="Data sources">
            <Tab value="connected" label={DATA_SOURCE_LABELS.connectedTab(activeCount)} id={tabId('connected')} aria-controls={tab === 'connected' ? panelId('connected') : undefined} />
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
              loadFailure={props.loadFailure}
              canManage={canManage}
              companyNames={viewingAll ? props.companyNames : undefined}
              syncingIds={props.syncingIds}
              deletingIds={props.deletingIds}
              onSync={props.onSync}
              onDelete={open.remove}
              onOpenSettings={open.settings}
              onImportFile={canManage && importDialog ? (source) => open.importFile({ entry: null, source }) : undefined}
              onBrowse={() => setTab('available')}
              mappingPanel={props.mappingPanel}
            />
          ) : (
            <Suspense fallback={<AvailableTabLoading />}>
              <AvailableSourcesTab canManage={canManage} customConnectors={showsCustom ? customConnectors : undefined} actions={actions} />
            </Suspense>
          )}
        </Box>

        <SourceDialogs
          dialogs={dialogs}
          sources={list}
          canManage={canManage}
          showsCustom={showsCustom}
          companyId={companyId}
          importDialog={importDialog}
          onConfigureMapping={props.onConfigureMapping}
          onDelete={props.onDelete}
        />
      </Stack>
    </ExtraConnectorDefinitionsProvider>
  );
}

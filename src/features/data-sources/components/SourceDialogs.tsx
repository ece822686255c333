import { lazy, Suspense, type ReactNode } from 'react';
import type { CatalogueSource } from '@domain/data/catalogue';
import { CUSTOM_CONNECTOR_MESSAGES } from '@domain/data/customConnectorMessages';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES, type DataSource } from '@domain/data/sources';
import { serverMessage } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { recordsText } from './ConnectedSourceCard';
import type { SourceDialogs as Dialogs } from './useSourceDialogs';

// The dialogs (their forms, react-hook-form and yup) are downloaded when first opened: most
// visits open none, and a phone would otherwise evaluate them all before the cards show.
const ConfirmDialog = lazy(async () => ({ default: (await import('@/ui/ConfirmDialog')).ConfirmDialog }));
const AddCustomConnectorDialog = lazy(async () => ({ default: (await import('./AddCustomConnectorDialog')).AddCustomConnectorDialog }));
const ConnectSourceDialog = lazy(async () => ({ default: (await import('./ConnectSourceDialog')).ConnectSourceDialog }));
const CustomApiRequestDialog = lazy(async () => ({ default: (await import('./CustomApiRequestDialog')).CustomApiRequestDialog }));
const SourceSettingsDialog = lazy(async () => ({ default: (await import('./SourceSettingsDialog')).SourceSettingsDialog }));

/** What the import dialog is given when "Import a file", "Connect Data", "Add source" or "Import another file" opens it. */
export interface ImportDialogSlotProps {
  open: boolean;
  onClose: () => void;
  /** The import entry whose button opened it (CSV, Excel or JSON upload); null from "Import a file". */
  catalogueSource: CatalogueSource | null;
  /** The company in view, for a global admin; undefined imports for the signed-in user's own company. */
  companyId: string | undefined;
  /** An existing file source to import an updated file into (upserts), or null for a new source. */
  source: DataSource | null;
  /** Changes at each opening (0 before the first): a dialog keyed by it starts afresh. */
  opening: number;
}

export interface SourceDialogsProps {
  dialogs: Dialogs;
  sources: readonly DataSource[];
  canManage: boolean;
  /** The company's own connectors are shown (their add and edit dialogs with them). */
  showsCustom: boolean;
  companyId: string | undefined;
  importDialog?: (props: ImportDialogSlotProps) => ReactNode;
  onConfigureMapping?: (source: DataSource) => void;
  /** Called once the user has confirmed. */
  onDelete: (source: DataSource) => void;
}

/** A dialog downloaded on demand: each waits for its own code, the others stay as they are. */
const OnDemand = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

/** The screen's dialogs, each mounted from its first opening so its closing transition plays. */
export function SourceDialogs({
  dialogs: { dialogs, open, close },
  sources,
  canManage,
  showsCustom,
  companyId,
  importDialog,
  onConfigureMapping,
  onDelete,
}: SourceDialogsProps) {
  const notify = useNotify();
  const { connect, settings, request, importFile, remove, addConnector, editConnector } = dialogs;
  // Read from the list on every render: the dialog shows the saved state, and closes if the source goes.
  const listedSettingsSource = sources.find((source) => source.id === settings.value?.id);
  const reimport = canManage && importDialog ? (source: DataSource) => open.importFile({ entry: null, source }) : undefined;

  /** The server has a source of the entry that this (stale) list may not: its settings, or the server's word. */
  const alreadyConnected = (entry: CatalogueSource, error: unknown) => {
    close('connect');
    const existing = sources.find((source) => source.availableDataSource?.id === entry.id);
    if (existing) open.settings(existing);
    else notify.info(serverMessage(error, `${entry.name} is already connected.`));
  };

  return (
    <>
      {connect.value && (
        <OnDemand>
          <ConnectSourceDialog
            source={connect.value.entry}
            open={connect.open}
            defaultName={connect.value.name}
            companyId={companyId}
            onClose={() => close('connect')}
            onConnected={(created) => {
              close('connect');
              notify.success(DATA_SOURCE_MESSAGES.connected(created.name));
            }}
            onAlreadyConnected={alreadyConnected}
          />
        </OnDemand>
      )}
      {settings.value && (
        <OnDemand>
          <SourceSettingsDialog
            source={listedSettingsSource ?? settings.value}
            open={settings.open && listedSettingsSource !== undefined}
            onClose={() => close('settings')}
            onConfigureMapping={onConfigureMapping}
            onReimport={reimport}
          />
        </OnDemand>
      )}
      {showsCustom && addConnector.value && (
        <OnDemand>
          <AddCustomConnectorDialog
            open={addConnector.open}
            companyId={companyId}
            onClose={() => close('addConnector')}
            onAdded={(connector) => {
              close('addConnector');
              notify.success(CUSTOM_CONNECTOR_MESSAGES.added(connector.name));
            }}
          />
        </OnDemand>
      )}
      {showsCustom && editConnector.value && (
        <OnDemand>
          <AddCustomConnectorDialog
            key={editConnector.value.id}
            open={editConnector.open}
            companyId={companyId}
            connector={editConnector.value}
            onClose={() => close('editConnector')}
            onAdded={() => close('editConnector')}
            onUpdated={(connector) => {
              close('editConnector');
              notify.success(CUSTOM_CONNECTOR_MESSAGES.updated(connector.name));
            }}
          />
        </OnDemand>
      )}
      {request.value && (
        <OnDemand>
          <CustomApiRequestDialog
            open={request.open}
            onClose={() => close('request')}
            onSent={() => {
              close('request');
              notify.success(DATA_SOURCE_MESSAGES.requestSent);
            }}
          />
        </OnDemand>
      )}
      {importDialog?.({
        open: importFile.open,
        onClose: () => close('importFile'),
        catalogueSource: importFile.value?.entry ?? null,
        companyId: importFile.value?.source ? importFile.value.source.companyId : companyId,
        source: importFile.value?.source ?? null,
        opening: importFile.value?.opening ?? 0,
      })}
      {remove.value && (
        <OnDemand>
          <ConfirmDialog
            open={remove.open}
            title={DATA_SOURCE_LABELS.deleteSource}
            confirmLabel={DATA_SOURCE_LABELS.delete}
            destructive
            onConfirm={() => {
              if (remove.value) onDelete(remove.value);
              close('remove');
            }}
            onCancel={() => close('remove')}
          >
            {`Are you sure you want to delete ${remove.value.name}? Its ${recordsText(remove.value.records)} will be deleted with it. This action cannot be undone.`}
          </ConfirmDialog>
        </OnDemand>
      )}
    </>
  );
}

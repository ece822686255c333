/** Data Sources (data document, section 2), routed at /data-sources. */
import { Suspense, useMemo, useState } from "react";
import { CONNECTOR_MESSAGES } from "@domain/data/connectors";
import { CUSTOM_CONNECTOR_MESSAGES } from "@domain/data/customConnectorMessages";
import { DATA_SOURCE_MESSAGES } from "@domain/data/sources";
import { ApiError } from "@/lib/apiClient";
import { useCompanies } from "@/lib/accounts";
import { serverMessage, withReason } from "@/lib/failure";
import { useNotify } from "@/lib/notifications";
import { ALL_COMPANIES, useCompanyFilter, useSession } from "@/lib/session";
import { BackgroundUpdates } from "@/ui/BackgroundUpdates";
import {
  useCustomConnectors,
  useDataSources,
  useDeleteCustomConnector,
  useDeleteSource,
  useDeletingIds,
  useSyncingIds,
  useSyncSource,
} from "./api";
import { DataSourcesView } from "./components/DataSourcesView";
import { ImportDataDialog } from "./import";
import { ConfigureMappingDialog, FieldMappingPanel } from "./mapping";
import type { LoadFailure } from "./components/ConnectedSourcesPanel";

export function DataSourcesPage() {
  const { can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const notify = useNotify();
  const choosesCompany = can("chooseCompany");
  const viewingAll = choosesCompany && companyFilter === ALL_COMPANIES;
  // Everyone else writes for their own company, which the server takes from the session.
  const companyId = choosesCompany ? filterParam : undefined;

  const sources = useDataSources(filterParam);
  const companies = useCompanies(viewingAll);
  const companyNames = useMemo(
    () =>
      companies.data
        ? new Map(companies.data.map((company) => [company.id, company.name]))
        : undefined,
    [companies.data],
  );

  const sync = useSyncSource({
    // The run is queued: the list then polls while it runs, and the card shows its progress.
    onSuccess: (_run, source) => notify.success(CONNECTOR_MESSAGES.syncStarted(source.name)),
    onError: (error, source) => {
      // Already queued or running (409), or a source nothing can be pulled from: the server says so.
      if (error instanceof ApiError && error.status === 409)
        notify.warning(serverMessage(error, CONNECTOR_MESSAGES.alreadySyncing(source.name)));
      else notify.error(withReason(CONNECTOR_MESSAGES.syncFailed(source.name), error));
    },
  });
  const remove = useDeleteSource({
    onSuccess: (_result, source) =>
      notify.success(DATA_SOURCE_MESSAGES.deleted(source.name)),
    onError: () => notify.error(DATA_SOURCE_MESSAGES.deleteFailed),
  });
  const customConnectors = useCustomConnectors(filterParam, can("manageData"));
  const removeConnector = useDeleteCustomConnector({
    onSuccess: (connector) =>
      notify.success(CUSTOM_CONNECTOR_MESSAGES.deleted(connector.name)),
    // In use (409): the server's sentence names the sources to delete first.
    onError: (error, connector) =>
      notify.error(
        serverMessage(error, withReason(CUSTOM_CONNECTOR_MESSAGES.deleteFailed(connector.name), error)),
      ),
  });
  const [mappingFor, setMappingFor] = useState<{ sourceId: string } | null>(
    null,
  );
  const syncingIds = useSyncingIds();
  const deletingIds = useDeletingIds();

  // A retry that fails again is worded as a failed refresh; a new company in view starts afresh.
  const [retriedFor, setRetriedFor] = useState<string | null>(null);
  const listKey = filterParam ?? ALL_COMPANIES;
  const loadFailure: LoadFailure | undefined = sources.isError
    ? {
        title:
          sources.data || retriedFor === listKey
            ? DATA_SOURCE_MESSAGES.refreshFailed
            : DATA_SOURCE_MESSAGES.loadFailed,
        error: sources.error,
        retrying: sources.isFetching,
        onRetry: () => {
          setRetriedFor(listKey);
          void sources.refetch();
        },
      }
    : undefined;

  return (
    <>
      <BackgroundUpdates>
        <DataSourcesView
          sources={sources.data}
          loadFailure={loadFailure}
          canManage={can("manageData")}
          companyId={companyId}
          viewingAll={viewingAll}
          companyNames={companyNames}
          syncingIds={syncingIds}
          deletingIds={deletingIds}
          onSync={(source) => sync.mutate(source)}
          onDelete={(source) => remove.mutate(source)}
          mappingPanel={
            <Suspense fallback={null}>
              <FieldMappingPanel
                companyId={companyId ?? null}
                canEdit={can("manageData")}
              />
            </Suspense>
          }
          importDialog={(slot) =>
            slot.open && (
              <Suspense fallback={null}>
                <ImportDataDialog
                  open={slot.open}
                  onClose={slot.onClose}
                  companyId={slot.companyId ?? null}
                  source={slot.source ?? undefined}
                  onImported={() => undefined}
                />
              </Suspense>
            )
          }
          onConfigureMapping={(source) => setMappingFor({ sourceId: source.id })}
          customConnectors={
            can("manageData")
              ? {
                  connectors: customConnectors.data,
                  loadError: customConnectors.isError ? customConnectors.error : undefined,
                  deletingIds: removeConnector.isPending && removeConnector.variables ? [removeConnector.variables.id] : [],
                  onDelete: (connector) => removeConnector.mutate(connector),
                }
              : undefined
          }
        />
      </BackgroundUpdates>
      {mappingFor && (
        <Suspense fallback={null}>
          <ConfigureMappingDialog
            open
            onClose={() => setMappingFor(null)}
            companyId={companyId ?? null}
            focusSourceId={mappingFor.sourceId}
          />
        </Suspense>
      )}
    </>
  );
}

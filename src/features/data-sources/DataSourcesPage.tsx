/** Data Sources (data document, section 2), routed at /data-sources. */
import { Suspense, useMemo, useState } from 'react';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { useCompanies } from '@/lib/accounts';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { BackgroundUpdates } from '@/ui/BackgroundUpdates';
import { useCustomConnectors, useDataSources } from './api';
import { DataSourcesView } from './components/DataSourcesView';
import { ImportDataDialog } from './import';
import { ConfigureMappingDialog, FieldMappingPanel } from './mapping';
import type { LoadFailure } from './components/ConnectedSourcesPanel';
import { useSourceWrites } from './useSourceWrites';

/** A retry that fails again is worded as a failed refresh; a new company in view starts afresh. */
function useLoadFailure(sources: ReturnType<typeof useDataSources>, listKey: string): LoadFailure | undefined {
  const [retriedFor, setRetriedFor] = useState<string | null>(null);
  if (!sources.isError) return undefined;
  return {
    title: sources.data || retriedFor === listKey ? DATA_SOURCE_MESSAGES.refreshFailed : DATA_SOURCE_MESSAGES.loadFailed,
    error: sources.error,
    retrying: sources.isFetching,
    onRetry: () => {
      setRetriedFor(listKey);
      void sources.refetch();
    },
  };
}

export function DataSourcesPage() {
  const { can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  const canManage = can('manageData');
  const viewingAll = can('chooseCompany') && companyFilter === ALL_COMPANIES;
  // Everyone else writes for their own company, which the server takes from the session.
  const companyId = can('chooseCompany') ? filterParam : undefined;

  const sources = useDataSources(filterParam);
  const companies = useCompanies(viewingAll);
  const companyNames = useMemo(() => (companies.data ? new Map(companies.data.map((company) => [company.id, company.name])) : undefined), [companies.data]);
  const customConnectors = useCustomConnectors(filterParam, canManage);
  const writes = useSourceWrites();
  const loadFailure = useLoadFailure(sources, filterParam ?? ALL_COMPANIES);
  // Each opening of Configure Data Mapping (from a source's settings) starts from the server's mapping.
  const [mapping, setMapping] = useState<{ open: boolean; sourceId: string; opening: number } | null>(null);

  return (
    <>
      <BackgroundUpdates>
        <DataSourcesView
          sources={sources.data}
          loadFailure={loadFailure}
          canManage={canManage}
          companyId={companyId}
          viewingAll={viewingAll}
          companyNames={companyNames}
          syncingIds={writes.syncingIds}
          deletingIds={writes.deletingIds}
          onSync={(source) => writes.sync(source)}
          onDelete={(source) => writes.remove(source)}
          mappingPanel={
            <Suspense fallback={null}>
              <FieldMappingPanel companyId={companyId ?? null} canEdit={canManage} />
            </Suspense>
          }
          importDialog={(slot) =>
            slot.opening > 0 && (
              <Suspense fallback={null}>
                <ImportDataDialog key={slot.opening} open={slot.open} onClose={slot.onClose} companyId={slot.companyId ?? null} source={slot.source ?? undefined} />
              </Suspense>
            )
          }
          onConfigureMapping={(source) => setMapping((current) => ({ open: true, sourceId: source.id, opening: (current?.opening ?? 0) + 1 }))}
          customConnectors={
            canManage
              ? {
                  connectors: customConnectors.data,
                  loadError: customConnectors.isError ? customConnectors.error : undefined,
                  deletingIds: writes.connectorDeletingIds,
                  onDelete: (connector) => writes.removeConnector(connector),
                }
              : undefined
          }
        />
      </BackgroundUpdates>
      {mapping && (
        <Suspense fallback={null}>
          <ConfigureMappingDialog
            key={mapping.opening}
            open={mapping.open}
            onClose={() => setMapping((current) => current && { ...current, open: false })}
            companyId={companyId ?? null}
            focusSourceId={mapping.sourceId}
          />
        </Suspense>
      )}
    </>
  );
}

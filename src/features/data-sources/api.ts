/**
 * Data Sources: the server-state hooks of the screen's own calls (list, connect, test connection,
 * settings and key rotation, Sync Now, schedules, sync history, ingestion secrets, delete). Custom API requests go to the shared requests inbox
 * (src/lib/requests.ts). The import dialog and the mapping panel keep their calls beside them and
 * refresh the list through `dataSourceKeys`.
 */
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IngestEndpoint, SyncRunView, SyncSchedule } from '@domain/data/connectors';
import type { CustomConnectorView } from '@domain/data/customConnectors';
import type { ConnectSourceInput, DataSource, TestConnectionInput, UpdateSourceInput } from '@domain/data/sources';
import { api, ApiError } from '@/lib/apiClient';

export const dataSourceKeys = {
  /** Every data-source query; a write here invalidates all of them, so caches kept under it refresh too. */
  all: ['data-sources'] as const,
  /** companyFilter: undefined lists every company's sources (global admin); others always get their own. */
  list: (companyFilter: string | undefined) => [...dataSourceKeys.all, 'list', companyFilter ?? 'all'] as const,
  /** One source's sync history. */
  runs: (sourceId: string) => [...dataSourceKeys.all, 'runs', sourceId] as const,
};

/** How often the list is read again while a source syncs, so its progress and final state show without a reload. */
export const SYNC_POLL_MS = 2_000;

/** How often the list is read again while a pushed source is connected: its records arrive whenever the sender posts them. */
export const PUSHED_POLL_MS = 10_000;

/** A sync is queued or running for the source: its card shows progress and the list keeps polling. */
export function isSyncing(source: DataSource): boolean {
  return source.status === 'syncing' || source.lastRun?.status === 'running' || (source.lastRun?.status === 'queued' && source.status !== 'error');
}

/** Sync Now and Delete run per card, several at once: their keys let every card see whether its own call runs. */
const mutationKeys = {
  sync: [...dataSourceKeys.all, 'sync'] as const,
  delete: [...dataSourceKeys.all, 'delete'] as const,
};

const sourcePath = (id: string, suffix = '') => `/api/data-sources/${encodeURIComponent(id)}${suffix}`;

export function useDataSources(companyFilter: string | undefined) {
  return useQuery({
    queryKey: dataSourceKeys.list(companyFilter),
    queryFn: () => api.get<DataSource[]>('/api/data-sources', { companyFilter }),
    // Sync runs happen on the server: the list is polled quickly while one of them is under way, and
    // slowly while a pushed source (Webhook, Segment) can receive records at any time.
    refetchInterval: (query) => {
      const sources = query.state.data ?? [];
      if (sources.some(isSyncing)) return SYNC_POLL_MS;
      return sources.some((source) => source.ingest) ? PUSHED_POLL_MS : false;
    },
  });
}

/** A source's sync runs, newest first; polled while `polling` (its sync runs). */
export function useSyncRuns(sourceId: string, { enabled, polling }: { enabled: boolean; polling: boolean }) {
  return useQuery({
    queryKey: dataSourceKeys.runs(sourceId),
    queryFn: () => api.get<SyncRunView[]>(sourcePath(sourceId, '/runs')),
    enabled,
    refetchInterval: polling ? SYNC_POLL_MS : false,
  });
}

/**
 * Callbacks given to the hook, not to `mutate`: TanStack Query calls `mutate`'s own callbacks for
 * the latest call only, and two cards may sync at the same time.
 */
export interface SourceCallbacks<TResult> {
  onSuccess?: (result: TResult, source: DataSource) => void;
  onError?: (error: unknown, source: DataSource) => void;
}

function useSourceMutation<TResult>(
  mutationKey: readonly unknown[],
  call: (source: DataSource) => Promise<TResult>,
  callbacks: SourceCallbacks<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: call,
    // The list is read again before the call counts as done, so a card never shows a stale state in between.
    onSuccess: async (result, source) => {
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
      callbacks.onSuccess?.(result, source);
    },
    onError: (error, source) => callbacks.onError?.(error, source),
  });
}

/** Sync Now queues a run (202 with the run); 409 when one is queued or running already. */
export const useSyncSource = (callbacks: SourceCallbacks<SyncRunView> = {}) =>
  useSourceMutation(mutationKeys.sync, (source) => api.post<SyncRunView>(sourcePath(source.id, '/sync')), callbacks);

export const useDeleteSource = (callbacks: SourceCallbacks<void> = {}) =>
  useSourceMutation(mutationKeys.delete, (source) => api.delete<void>(sourcePath(source.id)), callbacks);

function usePendingIds(mutationKey: readonly unknown[]): string[] {
  return useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as DataSource).id,
  });
}

/** The ids of the sources whose Sync Now is running. */
export const useSyncingIds = () => usePendingIds(mutationKeys.sync);
/** The ids of the sources being deleted. */
export const useDeletingIds = () => usePendingIds(mutationKeys.delete);

/** Writes whose answer changes the list. */
function useListMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.all }) });
}

export const useConnectSource = () =>
  useListMutation((input: ConnectSourceInput) => api.post<DataSource>('/api/data-sources', input));

/**
 * Checks the credentials and settings against the source without saving them: 200 with a message,
 * or 400 with the vendor's. With a saved source's id, the secrets left blank are its stored ones.
 */
export const useTestConnection = () =>
  useMutation({ mutationFn: (input: TestConnectionInput) => api.post<{ message?: string }>('/api/data-sources/test-connection', input) });

export const useSetSchedule = () =>
  useListMutation(({ id, schedule }: { id: string; schedule: SyncSchedule }) => api.put<DataSource>(sourcePath(id, '/schedule'), { schedule }));

/** Creates or rotates a pushed source's ingestion secret: the answer is the only one that carries it whole. */
export const useIngestSecret = () => useListMutation((id: string) => api.post<IngestEndpoint>(sourcePath(id, '/ingest-secret')));

/** A partial change; an `apiKey` replaces (rotates) the stored key. */
export const useUpdateSource = () =>
  useListMutation(({ id, changes }: { id: string; changes: Partial<UpdateSourceInput> }) =>
    api.put<DataSource>(sourcePath(id), changes),
  );

/** Field-level messages of a 400 validation answer, by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {};
  const { fields } = error.body as { fields?: unknown };
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

// --- custom connectors ---------------------------------------------------------------------------

const CUSTOM_CONNECTORS_PATH = '/api/data-sources/custom-connectors';

export const customConnectorKeys = {
  /** Under dataSourceKeys.all: a connect or delete of a source changes their source counts. */
  list: (companyFilter: string | undefined) => [...dataSourceKeys.all, 'custom-connectors', companyFilter ?? 'all'] as const,
};

/** The company's custom connectors; only for those who may manage data (the route asks for it). */
export function useCustomConnectors(companyFilter: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: customConnectorKeys.list(companyFilter),
    queryFn: () => api.get<CustomConnectorView[]>(CUSTOM_CONNECTORS_PATH, { companyFilter }),
    enabled,
  });
}

/** Brings a definition (JSON text): 201 with the connector, or 400 naming the definition's field. */
export const useAddCustomConnector = () =>
  useListMutation((input: { definition: string; companyId?: string; name?: string; stream?: string }) => api.post<CustomConnectorView>(CUSTOM_CONNECTORS_PATH, input));

/** A new version of a connector's definition: 200 with the connector, or 400 naming the definition's field. */
export const useUpdateCustomConnector = () =>
  useListMutation(({ id, definition }: { id: string; definition: string }) => api.put<CustomConnectorView>(`${CUSTOM_CONNECTORS_PATH}/${encodeURIComponent(id)}`, { definition }));

/** Deletes a connector; 409 while a source uses it, naming the sources. */
export function useDeleteCustomConnector(callbacks: { onSuccess?: (connector: CustomConnectorView) => void; onError?: (error: unknown, connector: CustomConnectorView) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connector: CustomConnectorView) => api.delete<void>(`${CUSTOM_CONNECTORS_PATH}/${encodeURIComponent(connector.id)}`),
    onSuccess: async (_result, connector) => {
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
      callbacks.onSuccess?.(connector);
    },
    onError: (error, connector) => callbacks.onError?.(error, connector),
  });
}

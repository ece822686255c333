/** The page's writes with their notices: Sync Now, Delete, and deleting a custom connector. */
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { CUSTOM_CONNECTOR_MESSAGES } from '@domain/data/customConnectorMessages';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { ApiError } from '@/lib/apiClient';
import { serverMessage, withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { useDeleteCustomConnector, useDeleteSource, useDeletingIds, useSyncingIds, useSyncSource } from './api';

export function useSourceWrites() {
  const notify = useNotify();
  const sync = useSyncSource({
    // The run is queued: the list then polls while it runs, and the card shows its progress.
    onSuccess: (_run, source) => notify.success(CONNECTOR_MESSAGES.syncStarted(source.name)),
    onError: (error, source) => {
      // Already queued or running (409), or a source nothing can be pulled from: the server says so.
      if (error instanceof ApiError && error.status === 409) notify.warning(serverMessage(error, CONNECTOR_MESSAGES.alreadySyncing(source.name)));
      else notify.error(withReason(CONNECTOR_MESSAGES.syncFailed(source.name), error));
    },
  });
  const remove = useDeleteSource({
    onSuccess: (_result, source) => notify.success(DATA_SOURCE_MESSAGES.deleted(source.name)),
    onError: () => notify.error(DATA_SOURCE_MESSAGES.deleteFailed),
  });
  const removeConnector = useDeleteCustomConnector({
    onSuccess: (connector) => notify.success(CUSTOM_CONNECTOR_MESSAGES.deleted(connector.name)),
    // In use (409): the server's sentence names the sources to delete first.
    onError: (error, connector) => notify.error(serverMessage(error, withReason(CUSTOM_CONNECTOR_MESSAGES.deleteFailed(connector.name), error))),
  });
  return {
    sync: sync.mutate,
    remove: remove.mutate,
    removeConnector: removeConnector.mutate,
    connectorDeletingIds: removeConnector.isPending && removeConnector.variables ? [removeConnector.variables.id] : [],
    syncingIds: useSyncingIds(),
    deletingIds: useDeletingIds(),
  };
}

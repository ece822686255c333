/** Which connector a catalogue source has, as the screen's definitions say (./connectorDefinitions.tsx). */
import { useCallback, useContext } from 'react';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { ConnectorResolverContext, type ConnectorLookup } from './connectorDefinitions';

export type { ConnectorLookup } from './connectorDefinitions';

export function useConnectorLookup(): ConnectorLookup {
  const resolve = useContext(ConnectorResolverContext);
  return useCallback((catalogueId: string) => resolve(catalogueId, connectorDefinition), [resolve]);
}

/**
 * Every connector's settings by catalogue id. A catalogue source without an entry here has no
 * connector: it is not offered as connectable (Request Custom API asks for one).
 */
import type { ConnectorDefinition } from '../connectors';
import { CUSTOM_CONNECTORS } from './custom';
import { VENDOR_CONNECTORS } from './vendors';

const BY_CATALOGUE_ID = new Map<string, ConnectorDefinition>([...CUSTOM_CONNECTORS, ...VENDOR_CONNECTORS].map((definition) => [definition.catalogueId, definition]));

export function connectorDefinition(catalogueId: string): ConnectorDefinition | undefined {
  return BY_CATALOGUE_ID.get(catalogueId);
}

export const CONNECTOR_DEFINITIONS: readonly ConnectorDefinition[] = [...BY_CATALOGUE_ID.values()];

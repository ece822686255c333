/**
 * Which connector a catalogue source has. The screens read it through a context so that stories
 * can pin the definitions they show: the catalogue's real connectors change as connectors are
 * built, and a story checks the screen, not today's list.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ConnectorDefinition } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';

export type ConnectorLookup = (catalogueId: string) => ConnectorDefinition | undefined;

const ConnectorLookupContext = createContext<ConnectorLookup>(connectorDefinition);

export function useConnectorLookup(): ConnectorLookup {
  return useContext(ConnectorLookupContext);
}

/** Only the definitions given here count as connectors inside it (the catalogue's own are not consulted). */
export function ConnectorDefinitionsProvider({ definitions, children }: { definitions: readonly ConnectorDefinition[]; children: ReactNode }) {
  const lookup = useMemo<ConnectorLookup>(() => {
    const pinned = new Map(definitions.map((definition) => [definition.catalogueId, definition]));
    return (catalogueId) => pinned.get(catalogueId);
  }, [definitions]);
  return <ConnectorLookupContext.Provider value={lookup}>{children}</ConnectorLookupContext.Provider>;
}

/**
 * The given definitions count as connectors inside it, besides those around it (a company's own
 * custom connectors beside the catalogue's, or beside the ones a story pinned).
 */
export function ExtraConnectorDefinitionsProvider({ definitions, children }: { definitions: readonly ConnectorDefinition[]; children: ReactNode }) {
  const outer = useConnectorLookup();
  const lookup = useMemo<ConnectorLookup>(() => {
    const extra = new Map(definitions.map((definition) => [definition.catalogueId, definition]));
    return (catalogueId) => extra.get(catalogueId) ?? outer(catalogueId);
  }, [definitions, outer]);
  return <ConnectorLookupContext.Provider value={lookup}>{children}</ConnectorLookupContext.Provider>;
}

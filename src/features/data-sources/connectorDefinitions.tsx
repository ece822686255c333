/**
 * Which connector definitions count on a screen. The screens read them through a context so that
 * stories can pin the definitions they show (the catalogue's real connectors change as connectors
 * are built, and a story checks the screen, not today's list), and so that a company's own custom
 * connectors count beside the catalogue's.
 *
 * The catalogue's own definitions are large, and only the catalogue tab and the connect and
 * settings dialogs read them: the context carries a resolver that is handed the catalogue's lookup
 * by those screens (useConnectorLookup, ./connectorLookup.tsx), so the page itself never loads it.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ConnectorDefinition } from '@domain/data/connectors';

export type ConnectorLookup = (catalogueId: string) => ConnectorDefinition | undefined;
/** Finds a catalogue id's definition, given the catalogue's own lookup to fall back on. */
export type ConnectorResolver = (catalogueId: string, catalogue: ConnectorLookup) => ConnectorDefinition | undefined;

const fromCatalogue: ConnectorResolver = (catalogueId, catalogue) => catalogue(catalogueId);

export const ConnectorResolverContext = createContext<ConnectorResolver>(fromCatalogue);

const byCatalogueId = (definitions: readonly ConnectorDefinition[]) => new Map(definitions.map((definition) => [definition.catalogueId, definition]));

/** Only the definitions given here count as connectors inside it (the catalogue's own are not consulted). */
export function ConnectorDefinitionsProvider({ definitions, children }: { definitions: readonly ConnectorDefinition[]; children: ReactNode }) {
  const resolve = useMemo<ConnectorResolver>(() => {
    const pinned = byCatalogueId(definitions);
    return (catalogueId) => pinned.get(catalogueId);
  }, [definitions]);
  return <ConnectorResolverContext.Provider value={resolve}>{children}</ConnectorResolverContext.Provider>;
}

/**
 * The given definitions count as connectors inside it, besides those around it (a company's own
 * custom connectors beside the catalogue's, or beside the ones a story pinned).
 */
export function ExtraConnectorDefinitionsProvider({ definitions, children }: { definitions: readonly ConnectorDefinition[]; children: ReactNode }) {
  const outer = useContext(ConnectorResolverContext);
  const resolve = useMemo<ConnectorResolver>(() => {
    const extra = byCatalogueId(definitions);
    return (catalogueId, catalogue) => extra.get(catalogueId) ?? outer(catalogueId, catalogue);
  }, [definitions, outer]);
  return <ConnectorResolverContext.Provider value={resolve}>{children}</ConnectorResolverContext.Provider>;
}

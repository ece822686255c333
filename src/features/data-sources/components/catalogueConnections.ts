/** What the company has of a catalogue entry: its sources, how many sync or failed, and the name a further one gets. */
import type { CatalogueSource } from '@domain/data/catalogue';
import type { DataSource } from '@domain/data/sources';
import { isSyncing } from '../api';

export interface CatalogueConnection {
  /** The company's sources of the entry, in the list's order. */
  sources: DataSource[];
  syncing: number;
  failing: number;
}

/** The sources made from a catalogue entry (a connector, or for an import entry its files: CSV, Excel or JSON). */
export function connectionOf(entryId: string, sources: readonly DataSource[]): CatalogueConnection {
  const own = sources.filter((source) => source.availableDataSource?.id === entryId);
  return {
    sources: own,
    syncing: own.filter(isSyncing).length,
    failing: own.filter((source) => source.status === 'error' && !isSyncing(source)).length,
  };
}

/** "1 source", "3 sources · 1 syncing · 1 failed". */
export function connectionSummary({ sources, syncing, failing }: CatalogueConnection): string {
  const parts = [`${sources.length} ${sources.length === 1 ? 'source' : 'sources'}`];
  if (syncing > 0) parts.push(`${syncing} syncing`);
  if (failing > 0) parts.push(`${failing} failed`);
  return parts.join(' · ');
}

/** The name a further source of the entry is offered: "Stripe 2", or the next one no source has. */
export function nextSourceName(entry: CatalogueSource, sources: readonly DataSource[]): string {
  const names = new Set(sources.map((source) => source.name.trim().toLowerCase()));
  let n = 2;
  while (names.has(`${entry.name} ${n}`.toLowerCase())) n += 1;
  return `${entry.name} ${n}`;
}

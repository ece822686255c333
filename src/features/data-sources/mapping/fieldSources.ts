/** What the mapping screens derive from the field list: its sources, and whether the view may be changed. */
import { FIELD_MAPPING_LABELS, type MappedField } from '@domain/data/fields';
import type { DataSource } from '@domain/data/sources';
import type { SelectOption } from '@/ui/SelectField';

/** The Source filter's value for every source. */
export const ALL_SOURCES = 'all';

export interface SourceOption {
  id: string;
  name: string;
}

/** The sources that have fields, in the order first met; named as the source list names them when it is at hand. */
export function sourcesOfFields(fields: readonly MappedField[], sources?: readonly DataSource[]): SourceOption[] {
  const names = new Map<string, string>();
  for (const field of fields) {
    field.sourceIds.forEach((id, index) => {
      if (!names.has(id)) names.set(id, field.sources[index] ?? id);
    });
  }
  const listed = new Map((sources ?? []).map((source) => [source.id, source.name]));
  return [...names].map(([id, name]) => ({ id, name: listed.get(id) ?? name }));
}

/** The Source filter's choices: all sources, then each source that has fields. */
export function sourceFilterOptions(sources: readonly SourceOption[]): SelectOption[] {
  return [{ value: ALL_SOURCES, label: FIELD_MAPPING_LABELS.allSources }, ...sources.map((source) => ({ value: source.id, label: source.name }))];
}

/**
 * Mappings are kept per company: a global admin viewing all companies (no company filter and no
 * company given) has no company to write to, and the server would answer company_required.
 */
export function writeBlocked(filterParam: string | undefined, companyId: string | null): boolean {
  return filterParam === undefined && !companyId;
}

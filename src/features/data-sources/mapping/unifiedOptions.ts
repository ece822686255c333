/** The unified fields a source's field may be mapped to, grouped as the unified model groups them. */
import { UNIFIED_GROUPS, unifiedFieldsFor, type RecordKind, type UnifiedField } from '@domain/data/unifiedModel';

export interface UnifiedOptionGroup {
  id: string;
  label: string;
  fields: UnifiedField[];
}

function grouped(fields: readonly UnifiedField[]): UnifiedOptionGroup[] {
  return UNIFIED_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    fields: fields.filter((candidate) => candidate.group === group.id),
  })).filter((group) => group.fields.length > 0);
}

/**
 * The fields records of every one of `kinds` can hold (a field shared by sources of different
 * kinds must fit each). With no kind known (a custom field), every unified field, each name once.
 */
export function unifiedOptionGroups(kinds: readonly RecordKind[]): UnifiedOptionGroup[] {
  const unique = [...new Set(kinds)];
  if (unique.length === 0) {
    const seen = new Set<string>();
    const all = UNIFIED_GROUPS.flatMap((group) => group.fields).filter((candidate) => {
      if (seen.has(candidate.name)) return false;
      seen.add(candidate.name);
      return true;
    });
    return grouped(all);
  }
  const [first, ...rest] = unique.map((kind) => unifiedFieldsFor(kind));
  const shared = first!.filter((candidate) => rest.every((fields) => fields.some((other) => other.name === candidate.name)));
  return grouped(shared);
}

/** "E-mail" for email: the label of the first unified field with that name, or the name itself. */
export function unifiedLabel(name: string): string {
  for (const group of UNIFIED_GROUPS) {
    const found = group.fields.find((candidate) => candidate.name === name);
    if (found) return found.label;
  }
  return name;
}

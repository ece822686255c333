/**
 * The fields a user last exported, remembered in this browser per user: the page opens with them
 * chosen, or with every field the first time (a file needs at least one field; all of them is what
 * most exports take).
 */
import { EXPORT_FIELDS, type ExportFieldId } from '@domain/audience/export';
import { readJson, writeJson } from '@/lib/storage';

const FIELD_IDS: readonly ExportFieldId[] = EXPORT_FIELDS.map((field) => field.id);

/** The browser storage key of a user's last exported fields. */
export const exportFieldsKey = (userId: string) => `exportFields:${userId}`;

/** The fields to start with: the user's last exported ones that still exist, else every field. */
export function rememberedFields(userId: string | undefined): Set<ExportFieldId> {
  const stored = userId ? readJson<unknown>(exportFieldsKey(userId)) : null;
  const known = Array.isArray(stored) ? FIELD_IDS.filter((id) => stored.includes(id)) : [];
  return new Set(known.length > 0 ? known : FIELD_IDS);
}

/** Keeps the fields of an export the user started, for their next visit. */
export function rememberFields(userId: string | undefined, fields: readonly ExportFieldId[]): void {
  if (!userId || fields.length === 0) return;
  try {
    writeJson(exportFieldsKey(userId), fields);
  } catch {
    // Storage full or refused (private browsing): the next visit starts with every field.
  }
}

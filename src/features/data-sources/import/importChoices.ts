/**
 * The choices of the dialog's second step (what the records are, the mapping, the key and date
 * columns, the date range) and the options they become. Starts from the saved template for this
 * header when there is one, otherwise from the server's suggestion.
 */
import type { ImportDateRange, ImportOptions, ImportPreview } from '@domain/data/imports';
import type { DataSource } from '@domain/data/sources';
import { REQUIRED_BY_KIND, suggestMapping, unifiedFieldsFor, type FieldMapping, type RecordKind } from '@domain/data/unifiedModel';

export interface ImportChoices {
  recordKind: RecordKind;
  /** Column → unified field; '' keeps the column as it is. */
  mapping: FieldMapping;
  keyColumn: string;
  dateColumn: string;
  dateRange: ImportDateRange;
}

/** Date fields whose column is the natural one to apply a date range to, by kind. */
const DATE_FIELDS: Record<RecordKind, readonly string[]> = {
  people: ['created_at', 'last_login'],
  events: ['event_time'],
  items: ['created_at'],
};

const columnsOf = (preview: ImportPreview) => preview.columns.map((column) => column.name);

/** Keeps only columns the file has, and fields the kind can hold. */
function cleanMapping(preview: ImportPreview, kind: RecordKind, mapping: FieldMapping): FieldMapping {
  const allowed = new Set(unifiedFieldsFor(kind).map((candidate) => candidate.name));
  const clean: FieldMapping = {};
  for (const column of columnsOf(preview)) {
    const target = mapping[column];
    clean[column] = target && allowed.has(target) ? target : '';
  }
  return clean;
}

/** The mapping a kind starts from: the template's when it is for this kind, else the server's or our own suggestion. */
export function mappingFor(preview: ImportPreview, kind: RecordKind): FieldMapping {
  if (preview.template && preview.template.recordKind === kind) return cleanMapping(preview, kind, preview.template.mapping);
  if (kind === preview.suggestedKind) return cleanMapping(preview, kind, preview.suggestedMapping);
  return cleanMapping(preview, kind, suggestMapping(columnsOf(preview), kind));
}

function dateColumnFor(kind: RecordKind, mapping: FieldMapping): string {
  for (const field of DATE_FIELDS[kind]) {
    const column = Object.keys(mapping).find((candidate) => mapping[candidate] === field);
    if (column) return column;
  }
  return '';
}

/**
 * An existing source's kind and mapping win (its records are updated, and its mapping is what
 * Configure Data Mapping last saved), then the template's, then the suggestion.
 */
export function initialChoices(preview: ImportPreview, source?: DataSource): ImportChoices {
  const template = preview.template;
  const recordKind = source?.recordKind ?? template?.recordKind ?? preview.suggestedKind;
  const mapping =
    source && Object.keys(source.mapping).length > 0 ? cleanMapping(preview, recordKind, source.mapping) : mappingFor(preview, recordKind);
  const columns = new Set(columnsOf(preview));
  const known = (column: string | null | undefined) => (column && columns.has(column) ? column : '');
  return {
    recordKind,
    mapping,
    keyColumn: known(source?.keyField) || known(template?.keyColumn),
    dateColumn: known(template?.dateColumn) || dateColumnFor(recordKind, mapping),
    dateRange: 'all',
  };
}

/** A new kind brings its own mapping; the key and date columns stay if the file has them. */
export function withKind(preview: ImportPreview, choices: ImportChoices, recordKind: RecordKind): ImportChoices {
  const mapping = mappingFor(preview, recordKind);
  return { ...choices, recordKind, mapping, dateColumn: choices.dateColumn || dateColumnFor(recordKind, mapping) };
}

/** Columns mapped to a unified field another column already takes, with that other column. */
export function duplicateTargets(mapping: FieldMapping): Record<string, string> {
  const firstByTarget = new Map<string, string>();
  const duplicates: Record<string, string> = {};
  for (const [column, target] of Object.entries(mapping)) {
    if (!target) continue;
    const first = firstByTarget.get(target);
    if (first === undefined) firstByTarget.set(target, column);
    else duplicates[column] = first;
  }
  return duplicates;
}

/** Required unified fields no column is mapped to: every row would fail the check without them. */
export function missingRequired(kind: RecordKind, mapping: FieldMapping): { allOf: string[]; oneOf: string[] } {
  const mapped = new Set(Object.values(mapping).filter(Boolean));
  const required = REQUIRED_BY_KIND[kind];
  return {
    allOf: required.allOf.filter((name) => !mapped.has(name)),
    oneOf: required.oneOf.length > 0 && !required.oneOf.some((name) => mapped.has(name)) ? [...required.oneOf] : [],
  };
}

export function toOptions(
  choices: ImportChoices,
  run: { dryRun: boolean; skipInvalid: boolean; sourceId: string | null; companyId: string | null },
): ImportOptions {
  const mapping: FieldMapping = {};
  for (const [column, target] of Object.entries(choices.mapping)) if (target) mapping[column] = target;
  return {
    dryRun: run.dryRun,
    recordKind: choices.recordKind,
    mapping,
    keyColumn: choices.keyColumn || null,
    dateColumn: choices.dateColumn || null,
    // A range needs a column to apply to.
    dateRange: choices.dateColumn ? choices.dateRange : 'all',
    skipInvalid: run.skipInvalid,
    sourceId: run.sourceId,
    ...(run.companyId ? { companyId: run.companyId } : {}),
  };
}

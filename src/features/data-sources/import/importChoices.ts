/**
 * The choices of the dialog's second step (what the records are, the mapping, the key and date
 * columns, the date range) and the options they become. The mapping is always `autoMap`'s, over
 * what is already decided: the source's own mapping when a file is imported into it again, else
 * the saved template for this header; the other columns are matched by name and values.
 */
import { autoMap, columnSamples } from '@domain/data/autoMapping';
import type { ImportDateRange, ImportOptions, ImportPreview } from '@domain/data/imports';
import type { DataSource } from '@domain/data/sources';
import { REQUIRED_BY_KIND, type FieldMapping, type RecordKind } from '@domain/data/unifiedModel';

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

/** A template decided every column of its header: the ones it leaves out stay unmapped. */
function templateDecisions(template: NonNullable<ImportPreview['template']>): FieldMapping {
  return Object.fromEntries(template.columns.map((column) => [column, template.mapping[column] ?? '']));
}

/** What is decided before matching: the source's mapping (a re-import), else the template's for this kind. */
function decidedMapping(preview: ImportPreview, kind: RecordKind, source?: DataSource): FieldMapping {
  if (source) return source.recordKind === kind ? source.mapping : {};
  return preview.template && preview.template.recordKind === kind ? templateDecisions(preview.template) : {};
}

/** The mapping a kind starts from: every column of the file, '' for those left as they are. */
export function mappingFor(preview: ImportPreview, kind: RecordKind, source?: DataSource): FieldMapping {
  const mapped = autoMap(columnSamples(preview.columns, preview.rows), kind, decidedMapping(preview, kind, source));
  return Object.fromEntries(columnsOf(preview).map((column) => [column, mapped[column] ?? '']));
}

function dateColumnFor(kind: RecordKind, mapping: FieldMapping): string {
  for (const field of DATE_FIELDS[kind]) {
    const column = Object.keys(mapping).find((candidate) => mapping[candidate] === field);
    if (column) return column;
  }
  return '';
}

/**
 * An existing source's kind and key column win (its records are updated), then the template's,
 * then the suggestion. The mapping is `mappingFor`'s, the same for a new file and a re-import.
 */
export function initialChoices(preview: ImportPreview, source?: DataSource): ImportChoices {
  const template = preview.template;
  const recordKind = source?.recordKind ?? template?.recordKind ?? preview.suggestedKind;
  const mapping = mappingFor(preview, recordKind, source);
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

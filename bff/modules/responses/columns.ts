/**
 * A response's columns as the SurveyResponse entity maps them, read from the ORM's metadata: the one
 * map the start path's insert binds its values by (insert.ts), beside the continuation, which
 * writes through the ORM over the same metadata (update.ts). Every stored property must be given:
 * a property added to the entity and left out of the start path is refused (and fails the build's
 * types), never stored silently as the column's default.
 */
import { JsonType, ReferenceKind, type EntityProperty, type MetadataStorage } from '@mikro-orm/core';
import { SurveyResponse } from '../../entities';
import { bindBoolean, bindTime, type DatabaseKind } from '../../platform/sql';

/** The entity's stored properties, by name. */
type ResponseProperty = Extract<keyof SurveyResponse, string>;

/** A new response: a value for every stored property of the entity (null where it has none yet). */
export type ResponseValues = { [Property in ResponseProperty]-?: Exclude<SurveyResponse[Property], undefined> };

/** One stored property: its column and how its value is bound on each engine. */
export interface ResponseColumn {
  property: ResponseProperty;
  column: string;
  bind: (kind: DatabaseKind, value: unknown) => unknown;
}

const asStored = (_kind: DatabaseKind, value: unknown) => value;
const asJson = (_kind: DatabaseKind, value: unknown) => (value === null ? null : JSON.stringify(value));
// SQLite keeps instants as epoch milliseconds and flags as 0/1 (platform/sql.ts).
const asTime = (kind: DatabaseKind, value: unknown) => (value === null ? null : bindTime(kind, value as Date));
const asFlag = (kind: DatabaseKind, value: unknown) => (value === null ? null : bindBoolean(kind, value as boolean));

function binderOf(property: EntityProperty): ResponseColumn['bind'] {
  if (property.customType instanceof JsonType) return asJson;
  if (property.runtimeType === 'Date') return asTime;
  if (property.runtimeType === 'boolean') return asFlag;
  return asStored;
}

/** A property with a column of its own: a value, or the id of the row it refers to. */
const isStored = (property: EntityProperty) =>
  property.persist !== false && !property.formula && (property.kind === ReferenceKind.SCALAR || property.kind === ReferenceKind.MANY_TO_ONE) && property.fieldNames?.length === 1;

const maps = new WeakMap<MetadataStorage, readonly ResponseColumn[]>();

/** The entity's stored properties with their columns, in the entity's order (read from the metadata once). */
export function responseColumns(metadata: MetadataStorage): readonly ResponseColumn[] {
  let columns = maps.get(metadata);
  if (!columns) {
    const meta = metadata.get(SurveyResponse.meta.className);
    columns = meta.props.filter(isStored).map((property) => ({ property: property.name as ResponseProperty, column: property.fieldNames[0]!, bind: binderOf(property) }));
    maps.set(metadata, columns);
  }
  return columns;
}

/** A response's row, its columns by name, bound for the engine; refuses values that leave a stored property out. */
export function responseRow(columns: readonly ResponseColumn[], kind: DatabaseKind, values: ResponseValues): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const { property, column, bind } of columns) {
    const value: unknown = values[property];
    if (value === undefined) throw new Error(`A new survey response has no value for ${property}: every stored property of SurveyResponse is written when it starts.`);
    row[column] = bind(kind, value);
  }
  return row;
}

import { randomUUID } from 'node:crypto';
import { OptionalProps, p } from '@mikro-orm/core';

/**
 * Columns every table shares. Ids are random UUID strings, so they reveal nothing about other
 * tenants. Values come from onCreate, which em.create runs at once (processOnCreateHooksEarly in
 * mikro-orm.config.ts): services use a new row's id before it is flushed.
 */
export const baseProperties = {
  id: p.string().primary().length(36).onCreate(() => randomUUID()),
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};

interface ColumnBuilder<Value> {
  '~type'?: { value: Value };
  '~options': object;
}

/**
 * What `nullable` returns: the builder's own `.nullable()` types a column `T | null | undefined`,
 * yet a row never holds undefined here, and code compares and passes these values as `T | null`.
 * `nullable` stays false to the type inference (so it adds no undefined) and true to the mapping.
 */
interface NullableColumn<Value> {
  '~type'?: { value: Value | null };
  '~options': { nullable: boolean };
}

/** A nullable column, null from em.create on, which em.create may leave out (see `record`). */
export function nullable<Value>(builder: ColumnBuilder<Value>): NullableColumn<Value> {
  const options = { ...builder['~options'], nullable: true, onCreate: () => null };
  return { '~options': options };
}

type NullableKeys<Properties> = {
  [K in keyof Properties]: Properties[K] extends NullableColumn<unknown> ? K : never;
}[keyof Properties];

/**
 * The base columns and a table's own. The symbol key is invisible to defineEntity (it reads string
 * keys only) and becomes the entity type's [OptionalProps]: the nullable columns, which em.create
 * may omit as with a class entity. The other optional ones (id, timestamps, defaults) are optional
 * already because they have onCreate.
 */
export function record<Properties extends Record<string, unknown>>(own: Properties) {
  const optional: ColumnBuilder<NullableKeys<Properties>> = { '~options': {} };
  return { ...baseProperties, ...own, [OptionalProps]: optional };
}

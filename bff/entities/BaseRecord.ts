import { randomUUID } from 'node:crypto';
import { EntitySchema, OptionalProps, type EntityClass } from '@mikro-orm/core';

/** Columns every table shares. Ids are random UUID strings, so they reveal nothing about other tenants. */
/** Optional: the further properties that have a default, so creating a row need not name them. */
export class BaseRecord<Optional extends string = never> {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | Optional;
  id: string = randomUUID();
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const BaseRecordSchema = new EntitySchema<BaseRecord>({
  // The generic parameter only widens the optional keys for subclasses; the class is the same.
  class: BaseRecord as unknown as EntityClass<BaseRecord>,
  abstract: true,
  properties: {
    id: { type: 'string', primary: true, length: 36 },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date', onUpdate: () => new Date() },
  },
});

/**
 * The fields of Acme Retail's connected sources and an in-memory stand-in for the field routes,
 * for the stories of the Field Mapping panel and the Configure Data Mapping dialog. The fields are
 * derived from the screen's source fixtures the way the server derives them: unique by name, with
 * every source that has the field.
 */
import { builtInMapping, fieldSetOf, internalFieldName } from '@domain/data/catalogue';
import type { CustomFieldInput, FieldSettingInput, MappedField } from '@domain/data/fields';
import { FILE_UPLOAD_TYPE, type DataSource } from '@domain/data/sources';
import { SESSIONS } from '@/lib/testing/fixtures';
import { failure, type MockAnswer, type MockCall, type MockRoutes } from '@/lib/testing/mockFetch';
import { ACME_SOURCES, dataSourceApiRoutes } from '../fixtures';

/** customers.csv's columns, as its import mapped them. */
const FILE_MAPPING: Record<string, string> = { customer_id: 'user_id', email: 'email', full_name: 'name', city: 'location', signup_date: 'created_at' };

function sourceFields(source: DataSource): Array<{ name: string; type: MappedField['type']; description: string; unifiedField: string | null }> {
  if (source.type === FILE_UPLOAD_TYPE) {
    return source.fields.map((name) => ({ name, type: 'dimension', description: `Column of ${source.name}`, unifiedField: FILE_MAPPING[name] ?? null }));
  }
  const catalogueId = source.availableDataSource?.id ?? '';
  const mapping = builtInMapping(catalogueId);
  return fieldSetOf(catalogueId).map((field) => ({ ...field, unifiedField: mapping[field.name] ?? null }));
}

export function fieldsOf(sources: readonly DataSource[]): MappedField[] {
  const byName = new Map<string, MappedField>();
  for (const source of sources) {
    for (const field of sourceFields(source)) {
      const existing = byName.get(field.name);
      if (existing) {
        existing.sources.push(source.name);
        existing.sourceIds.push(source.id);
        continue;
      }
      byName.set(field.name, {
        id: field.name,
        internalName: internalFieldName(source.name, field.name),
        name: field.name,
        type: field.type,
        description: field.description,
        isCustom: false,
        sources: [source.name],
        sourceIds: [source.id],
        unifiedField: field.unifiedField,
        removed: false,
      });
    }
  }
  return [...byName.values()];
}

export const CUSTOM_FIELD: MappedField = {
  id: 'custom_1748512800000',
  internalName: 'custom_loyalty_tier',
  name: 'loyalty_tier',
  type: 'dimension',
  description: 'Bronze, Silver or Gold, from the loyalty programme.',
  isCustom: true,
  sources: [],
  sourceIds: [],
  unifiedField: null,
  removed: false,
};

/** Acme Retail's fields: two removed earlier, one custom field. */
export const ACME_FIELDS: MappedField[] = [
  ...fieldsOf(ACME_SOURCES).map((field) =>
    field.name === 'engagement_time' || field.name === 'amount_refunded' ? { ...field, removed: true } : field,
  ),
  CUSTOM_FIELD,
];

export const REMOVED_FIELD_NAMES = ['engagement_time', 'amount_refunded'];

export interface MappingApiOptions {
  fields?: MappedField[];
  sources?: DataSource[];
}

/**
 * The data-source routes of the screen's fixtures plus the field routes, in memory: a change is
 * seen by the next read. Exact "METHOD /path" keys added next to these take precedence.
 */
export function mappingApiRoutes({ fields: initial = ACME_FIELDS, sources = ACME_SOURCES }: MappingApiOptions = {}): MockRoutes {
  let fields = initial.map((field) => ({ ...field }));
  return {
    ...dataSourceApiRoutes({ sources, session: SESSIONS.companyAdmin }),
    'GET /api/data-sources/fields': () => ({ body: fields }),
    'PUT /api/data-sources/fields': ({ body }: MockCall): MockAnswer => {
      const input = body as FieldSettingInput;
      const found = fields.find((field) => field.name === input.name);
      if (!found) return failure('not_found', { error: 'Field not found' });
      const updated: MappedField = {
        ...found,
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.removed !== undefined ? { removed: input.removed } : {}),
        ...(input.unifiedField !== undefined ? { unifiedField: input.unifiedField || null } : {}),
      };
      fields = fields.map((field) => (field === found ? updated : field));
      return { body: updated };
    },
    'POST /api/data-sources/custom-fields': ({ body }: MockCall): MockAnswer => {
      const input = body as CustomFieldInput;
      const name = input.name.trim();
      if (fields.some((field) => field.name === name)) {
        return failure('already_exists', { error: 'Field already exists', fields: { name: 'A field with this name already exists' } });
      }
      const created: MappedField = {
        ...CUSTOM_FIELD,
        id: `custom_${fields.length}`,
        internalName: internalFieldName('custom', name),
        name,
        description: input.description.trim(),
        type: input.type ?? 'dimension',
        unifiedField: input.unifiedField || null,
      };
      fields = [...fields, created];
      return { status: 201, body: created };
    },
  };
}

/**
 * The Field Mapping panel's data: the unique fields of a company's connected sources, with the
 * company's choices (unified mapping, type, removal) and its custom fields. A field's unified
 * mapping is kept on each source that has the field (its records are unified from it), and the
 * company's choice in field_settings, so a source connected later starts with the same mapping.
 */
import type { EntityManager } from '@mikro-orm/core';
import { fieldSetOf, internalFieldName } from '@domain/data/catalogue';
import { customConnectorIdOf } from '@domain/data/customConnectors';
import type { CustomFieldInput, FieldSettingInput, FieldType, MappedField } from '@domain/data/fields';
import { FILE_UPLOAD_TYPE } from '@domain/data/sources';
import { unifiedField as findUnifiedField, RECORD_KINDS, unifiedFieldsFor } from '@domain/data/unifiedModel';
import { DataSource, FieldSetting } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { remapSource } from '../records/store';

interface FieldOrigin {
  type: FieldType;
  description: string;
}

/**
 * Type and description of a source's field: the catalogue's for connected sources; for a file's
 * column, Metric when it maps to a numeric unified field or its values were numbers at import.
 */
function originOf(source: DataSource, name: string): FieldOrigin {
  // A custom connector's fields are its own: the generic field set's descriptions do not fit them.
  if (source.type !== FILE_UPLOAD_TYPE && customConnectorIdOf(source.catalogueId) === null) {
    const definition = fieldSetOf(source.catalogueId).find((field) => field.name === name);
    if (definition) return { type: definition.type, description: definition.description };
  }
  const mapped = source.mapping[name];
  const valueType = mapped ? findUnifiedField(source.recordKind, mapped)?.valueType : undefined;
  const sampledNumeric = Array.isArray(source.config.numericColumns) && source.config.numericColumns.includes(name);
  const numeric = valueType === 'number' || valueType === 'integer' || sampledNumeric;
  return { type: numeric ? 'metric' : 'dimension', description: `Column of ${source.name}` };
}

export function mappedFields(sources: readonly DataSource[], settings: readonly FieldSetting[]): MappedField[] {
  const byName = new Map<string, MappedField>();
  for (const source of sources) {
    for (const name of source.fields) {
      const existing = byName.get(name);
      if (existing) {
        existing.sources.push(source.name);
        existing.sourceIds.push(source.id);
        existing.unifiedField ??= source.mapping[name] ?? null;
        continue;
      }
      const origin = originOf(source, name);
      byName.set(name, {
        id: name,
        internalName: internalFieldName(source.name, name),
        name,
        type: origin.type,
        description: origin.description,
        isCustom: false,
        sources: [source.name],
        sourceIds: [source.id],
        unifiedField: source.mapping[name] ?? null,
        removed: false,
      });
    }
  }
  const fields = [...byName.values()];
  for (const setting of settings) {
    if (setting.customId) {
      fields.push({
        id: setting.customId,
        internalName: internalFieldName('custom', setting.name),
        name: setting.name,
        type: setting.type ?? 'dimension',
        description: setting.description ?? '',
        isCustom: true,
        sources: [],
        sourceIds: [],
        unifiedField: setting.unifiedField,
        removed: setting.removed,
      });
      continue;
    }
    const field = byName.get(setting.name);
    if (!field) continue;
    if (setting.type) field.type = setting.type;
    if (setting.description) field.description = setting.description;
    field.removed = setting.removed;
  }
  return fields;
}

/** Refuses a unified field that some source with this field cannot hold, or that a source already maps from another field. */
function checkUnifiedTarget(sources: readonly DataSource[], name: string, target: string): void {
  if (!RECORD_KINDS.some((kind) => unifiedFieldsFor(kind).some((field) => field.name === target))) {
    throw apiError('validation_failed', { fields: { unifiedField: `Unknown unified field: ${target}` } });
  }
  for (const source of sources) {
    if (!findUnifiedField(source.recordKind, target)) {
      throw apiError('validation_failed', {
        fields: { unifiedField: `${source.name} holds ${source.recordKind}, which have no ${target} field` },
      });
    }
    const other = Object.entries(source.mapping).find(([field, mapped]) => mapped === target && field !== name);
    if (other) {
      throw apiError('validation_failed', { fields: { unifiedField: `${target} is already mapped from ${other[0]} in ${source.name}` } });
    }
  }
}

/** Each operation works in the EntityManager it is given (the request's). */
export function createFieldService() {
  async function load(em: EntityManager, companyId: string | undefined) {
    const where = companyId ? { companyId } : {};
    const [sources, settings] = await Promise.all([
      em.find(DataSource, where, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      em.find(FieldSetting, where, { orderBy: { createdAt: 'asc', id: 'asc' } }),
    ]);
    return { sources, settings };
  }

  return {
    async list(em: EntityManager, companyId: string | undefined): Promise<MappedField[]> {
      const { sources, settings } = await load(em, companyId);
      return mappedFields(sources, settings);
    },

    async update(em: EntityManager, companyId: string, input: FieldSettingInput): Promise<MappedField> {
      return em.transactional(async (tx) => {
        const { sources, settings } = await load(tx, companyId);
        let setting = settings.find((candidate) => candidate.name === input.name);
        const withField = sources.filter((source) => source.fields.includes(input.name));
        if (!withField.length && !setting?.customId) {
          throw apiError('not_found', { error: 'Field not found', message: `No connected source has a field named ${input.name}.` });
        }
        setting ??= tx.create(FieldSetting, { companyId, name: input.name });
        if (input.type !== undefined) setting.type = input.type;
        if (input.removed !== undefined) setting.removed = input.removed;
        if (input.unifiedField !== undefined) {
          const target = input.unifiedField || null;
          if (target) checkUnifiedTarget(withField, input.name, target);
          setting.unifiedField = target;
          for (const source of withField) {
            const { [input.name]: _previous, ...rest } = source.mapping;
            source.mapping = target ? { ...rest, [input.name]: target } : rest;
          }
          await tx.flush();
          for (const source of withField) await remapSource(tx, source.id);
        }
        await tx.flush();
        const fields = mappedFields(sources, settings.includes(setting) ? settings : [...settings, setting]);
        return fields.find((field) => field.name === input.name && field.isCustom === Boolean(setting.customId))!;
      });
    },

    async addCustom(em: EntityManager, companyId: string, input: CustomFieldInput): Promise<MappedField> {
      const name = input.name.trim();
      const { sources, settings } = await load(em, companyId);
      if (settings.some((setting) => setting.name === name) || sources.some((source) => source.fields.includes(name))) {
        throw apiError('already_exists', { error: 'Field already exists', message: `A field named ${name} already exists.`, fields: { name: 'A field with this name already exists' } });
      }
      const setting = em.create(FieldSetting, {
        companyId,
        name,
        customId: `custom_${Date.now()}`,
        type: input.type,
        description: input.description.trim(),
        unifiedField: input.unifiedField || null,
      });
      await em.flush();
      return mappedFields([], [setting])[0]!;
    },
  };
}

export type FieldService = ReturnType<typeof createFieldService>;

/**
 * Data types (platform document, sections 2 to 8). A type belongs to one company or, with no
 * company, is global: every company sees it, only a global admin changes it. The generic tenant
 * guard (middleware/tenant.ts) reads a null company as nobody's, so the reach rule is written here.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { GLOBAL_DATA_TYPES, type DataTypeInput, type DataType as DataTypeView } from '@domain/dataTypes/dataTypes';
import { Company, DataType, User } from '../../entities';
import { apiError } from '../../platform/errors';
import { companiesFor, companyFor } from '../../middleware/tenant';
import type { UserActor } from '../../types';
import { presentDataType } from './present';

export const DATA_TYPE_NOT_FOUND = { error: 'Data type not found', message: 'No data type with this id exists in your reach.' };

/** A company's own types and the global ones. */
const ownAndGlobal = (companyId: string): FilterQuery<DataType> => ({ $or: [{ companyId }, { companyId: null }] });

/**
 * Which types a list shows: a global admin chooses with the filter (every type, the global ones
 * only, or a company's and the global ones); everyone else sees their own and the global ones,
 * and naming another company is a 404 (middleware/tenant.ts).
 */
async function listScope(em: EntityManager, actor: UserActor, companyFilter: string | undefined): Promise<FilterQuery<DataType>> {
  if (companyFilter === GLOBAL_DATA_TYPES) return actor.isGlobalAdmin ? { companyId: null } : ownAndGlobal(actor.companyId);
  const companyId = await companiesFor(em, actor, companyFilter);
  return companyId ? ownAndGlobal(companyId) : {};
}

const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

type DataTypeFields = Pick<DataTypeInput, 'name' | 'dataFieldName' | 'type' | 'description'>;

/** What is stored: names trimmed, a blank description as none. */
function storedFields(input: DataTypeFields) {
  return {
    name: input.name.trim(),
    dataFieldName: input.dataFieldName.trim(),
    type: input.type,
    description: blankToNull(input.description),
  };
}

/** Each operation works in the EntityManager it is handed (the request's). */
export function createDataTypeService() {
  /** The company and creator names of many types in two queries, whatever the number of types. */
  async function present(em: EntityManager, types: DataType[]): Promise<DataTypeView[]> {
    const companyIds = [...new Set(types.flatMap((type) => (type.companyId ? [type.companyId] : [])))];
    const creatorIds = [...new Set(types.flatMap((type) => (type.createdById ? [type.createdById] : [])))];
    const [companies, creators] = await Promise.all([
      companyIds.length ? em.find(Company, { id: { $in: companyIds } }, { fields: ['id', 'name'] }) : [],
      creatorIds.length ? em.find(User, { id: { $in: creatorIds } }, { fields: ['id', 'name', 'profileName', 'email'] }) : [],
    ]);
    const companyById = new Map(companies.map((company) => [company.id, company]));
    const creatorById = new Map(creators.map((creator) => [creator.id, creator]));
    return types.map((type) =>
      presentDataType(
        type,
        type.companyId ? companyById.get(type.companyId) : undefined,
        type.createdById ? creatorById.get(type.createdById) : undefined,
      ),
    );
  }

  const presentOne = async (em: EntityManager, type: DataType) => (await present(em, [type]))[0];

  /** The company a new type is filed under: null (global) only when a global admin names none. */
  async function owningCompany(em: EntityManager, actor: UserActor, requested: string | null | undefined): Promise<string | null> {
    if (actor.isGlobalAdmin && !requested) return null;
    return companyFor(em, actor, requested);
  }

  return {
    async list(em: EntityManager, actor: UserActor, companyFilter: string | undefined): Promise<DataTypeView[]> {
      const types = await em.find(DataType, await listScope(em, actor, companyFilter), { orderBy: { name: 'asc', id: 'asc' } });
      return present(em, types);
    },

    /**
     * The type with this id if the actor sees it (their company's or a global one); another
     * company's answers 404, exactly like an id that does not exist.
     */
    async find(em: EntityManager, actor: UserActor, id: string): Promise<DataType> {
      const where: FilterQuery<DataType> = actor.isGlobalAdmin ? { id } : { $and: [{ id }, ownAndGlobal(actor.companyId)] };
      const found = await em.findOne(DataType, where);
      if (!found) throw apiError('not_found', DATA_TYPE_NOT_FOUND);
      return found;
    },

    /** Everyone who manages data may change their company's types; a global type is the global admin's. */
    assertMayChange(actor: UserActor, type: DataType): void {
      if (type.companyId === null && !actor.isGlobalAdmin) throw apiError('global_data_type_protected');
    },

    async create(em: EntityManager, actor: UserActor, input: DataTypeInput): Promise<DataTypeView> {
      const companyId = await owningCompany(em, actor, input.companyId);
      const type = em.create(DataType, { companyId, createdById: actor.id, ...storedFields(input) });
      await em.flush();
      return presentOne(em, type);
    },

    /** The company a type belongs to never changes: a companyId in the body is ignored. */
    async update(em: EntityManager, type: DataType, input: DataTypeFields): Promise<DataTypeView> {
      Object.assign(type, storedFields(input));
      await em.flush();
      return presentOne(em, type);
    },

    async remove(em: EntityManager, type: DataType): Promise<void> {
      await em.nativeDelete(DataType, { id: type.id });
    },
  };
}

export type DataTypeService = ReturnType<typeof createDataTypeService>;

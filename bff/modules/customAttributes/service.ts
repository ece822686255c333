/**
 * A company's custom attributes: the names and types integrators may send in a prediction's
 * custom_attributes. Predict checks values against the types and boosts items whose field of the
 * same name matches, so a name is unique per company regardless of case.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { CustomAttribute as CustomAttributeView } from '@domain/prediction/contract';
import type { CustomAttributeInput } from '@domain/prediction/keySchemas';
import { CustomAttribute } from '../../entities';
import { apiError } from '../../platform/errors';

export const CUSTOM_ATTRIBUTE_NOT_FOUND = { error: 'Custom attribute not found', message: 'No such custom attribute exists in your reach.' } as const;

function present(attribute: CustomAttribute): CustomAttributeView {
  return {
    id: attribute.id,
    name: attribute.name,
    type: attribute.type,
    createdAt: attribute.createdAt.toISOString(),
    updatedAt: attribute.updatedAt.toISOString(),
  };
}

const nameTaken = (name: string) =>
  apiError('already_exists', {
    error: 'Attribute already exists',
    message: `A custom attribute named ${name} already exists.`,
    fields: { name: 'An attribute with this name already exists' },
  });

/** Refuses a name another attribute of the company has, in any case. */
async function assertNameFree(em: EntityManager, companyId: string, name: string, exceptId: string | null): Promise<void> {
  const attributes = await em.find(CustomAttribute, { companyId }, { fields: ['id', 'name'] });
  const lower = name.toLowerCase();
  if (attributes.some((attribute) => attribute.id !== exceptId && attribute.name.toLowerCase() === lower)) throw nameTaken(name);
}

/** The unique index catches the race two simultaneous saves of one name would otherwise win. */
async function uniquely<Result>(name: string, write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (failure) {
    if (failure instanceof UniqueConstraintViolationException) throw nameTaken(name);
    throw failure;
  }
}

/** Each operation works in a fork of the EntityManager it is handed (the request's). */
export function createCustomAttributeService() {
  return {
    async list(em: EntityManager, companyId: string): Promise<CustomAttributeView[]> {
      const attributes = await em.fork().find(CustomAttribute, { companyId }, { orderBy: { createdAt: 'asc', name: 'asc' } });
      return attributes.map(present);
    },

    create(em: EntityManager, companyId: string, input: CustomAttributeInput): Promise<CustomAttributeView> {
      return uniquely(input.name, () =>
        em.fork().transactional(async (em) => {
          await assertNameFree(em, companyId, input.name, null);
          const attribute = em.create(CustomAttribute, { companyId, name: input.name, type: input.type });
          await em.flush();
          return present(attribute);
        }),
      );
    },

    update(em: EntityManager, attribute: CustomAttribute, input: CustomAttributeInput): Promise<CustomAttributeView> {
      return uniquely(input.name, () =>
        em.fork().transactional(async (em) => {
          await assertNameFree(em, attribute.companyId, input.name, attribute.id);
          const row = await em.findOneOrFail(CustomAttribute, { id: attribute.id });
          row.name = input.name;
          row.type = input.type;
          await em.flush();
          return present(row);
        }),
      );
    },

    async remove(em: EntityManager, attribute: CustomAttribute): Promise<void> {
      await em.fork().nativeDelete(CustomAttribute, { id: attribute.id });
    },
  };
}

export type CustomAttributeService = ReturnType<typeof createCustomAttributeService>;

import type { DataType as DataTypeView } from '@domain/dataTypes/dataTypes';
import type { Company, DataType, User } from '../../entities';

export type CreatorDetails = Pick<User, 'name' | 'profileName' | 'email'>;

/**
 * A data type as the API answers it, with the names of its company and creator. Both may be
 * missing: a global type has no company, and the creator may have been deleted since.
 */
export function presentDataType(
  type: DataType,
  company: Pick<Company, 'name'> | undefined,
  creator: CreatorDetails | undefined,
): DataTypeView {
  return {
    id: type.id,
    name: type.name,
    dataFieldName: type.dataFieldName,
    type: type.type,
    description: type.description,
    companyId: type.companyId ?? null,
    companyName: company?.name ?? null,
    createdByName: creator?.name ?? null,
    createdByProfileName: creator?.profileName ?? null,
    createdByEmail: creator?.email ?? null,
    createdAt: type.createdAt.toISOString(),
  };
}

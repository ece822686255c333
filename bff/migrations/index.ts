import type { MigrationObject } from '@mikro-orm/core';
import { Migration20260101000000_identity } from './Migration20260101000000_identity';
import { Migration20261122000000_api_keys } from './Migration20261122000000_api_keys';
import { Migration20261123000000_company_data } from './Migration20261123000000_company_data';
import { Migration20261201000000_surveys } from './Migration20261201000000_surveys';

/** In order. Listed rather than discovered from files, so the same list works under tsx, Vitest and a bundle. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20260101000000_identity', class: Migration20260101000000_identity },
  { name: 'Migration20261122000000_api_keys', class: Migration20261122000000_api_keys },
  { name: 'Migration20261123000000_company_data', class: Migration20261123000000_company_data },
  { name: 'Migration20261201000000_surveys', class: Migration20261201000000_surveys },
];

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/**
 * A connector a company brought as a declarative definition (src/domain/data/connectorManifest),
 * stored as checked by parseManifest and run by the same engine as the built-in vendors, with no
 * hooks. Its sources name it by catalogue id `custom:<id>`.
 */
export const CustomConnector = defineEntity({
  name: 'CustomConnector',
  tableName: 'custom_connectors',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action').deleteRule('cascade'),
    name: p.string(),
    manifest: p.json<ConnectorManifest>(),
    /** The definition's url_base template: its sources' secrets are bound to it. */
    urlBase: p.text(),
    createdById: nullable(p.string().length(36)),
  }),
  uniques: [{ name: 'custom_connectors_one_name', properties: ['companyId', 'name'] }],
});
export type CustomConnector = InferEntity<typeof CustomConnector>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { RequestKind } from '@domain/requests';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

/** A request to the Navout team (custom API, sales, model access), in the internal inbox. */
export const ServiceRequest = defineEntity({
  name: 'ServiceRequest',
  tableName: 'service_requests',
  properties: record({
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    kind: p.string().$type<RequestKind>().length(20),
    subject: p.string(),
    link: nullable(p.text()),
    contactEmail: nullable(p.string()),
    message: nullable(p.text()),
    requestedById: nullable(p.string().length(36)),
    requestedByName: nullable(p.string()),
    requestedByEmail: nullable(p.string()),
  }),
});
export type ServiceRequest = InferEntity<typeof ServiceRequest>;

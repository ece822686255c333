import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company } from './Company';

/**
 * A month (UTC, "2026-11") of one company's served predict calls as one replica counted them: what
 * the plan's allowance counts. Each replica writes only its own row, with its absolute total, so a
 * retried write counts nothing twice; readers add the rows of every replica (a handful a month),
 * never the calls themselves (a million rows by the month's end).
 */
export const PredictionCallMonth = defineEntity({
  name: 'PredictionCallMonth',
  tableName: 'prediction_call_months',
  properties: {
    id: p.string().primary().length(36),
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    replicaId: p.string().length(36),
    month: p.string().length(7),
    served: p.integer(),
  },
  uniques: [{ name: 'prediction_call_months_unique', properties: ['companyId', 'month', 'replicaId'] }],
});
export type PredictionCallMonth = InferEntity<typeof PredictionCallMonth>;

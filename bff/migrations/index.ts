import type { MigrationObject } from '@mikro-orm/core';
import { Migration20260101000000_identity } from './Migration20260101000000_identity';
import { Migration20261122000000_api_keys } from './Migration20261122000000_api_keys';
import { Migration20261123000000_company_data } from './Migration20261123000000_company_data';
import { Migration20261201000000_surveys } from './Migration20261201000000_surveys';
import { Migration20261215000000_survey_responses } from './Migration20261215000000_survey_responses';
import { Migration20261216000000_survey_collection } from './Migration20261216000000_survey_collection';
import { Migration20261217000000_survey_results } from './Migration20261217000000_survey_results';
import { Migration20261220000000_prediction } from './Migration20261220000000_prediction';
import { Migration20261221000000_prediction_freshness } from './Migration20261221000000_prediction_freshness';
import { Migration20261225000000_audience } from './Migration20261225000000_audience';
import { Migration20261226000000_writeback } from './Migration20261226000000_writeback';
import { Migration20261227000000_audience_generations } from './Migration20261227000000_audience_generations';
import { Migration20261228000000_dashboard } from './Migration20261228000000_dashboard';
import { Migration20261229000000_connectors } from './Migration20261229000000_connectors';
import { Migration20261230000000_audience_queue } from './Migration20261230000000_audience_queue';
import { Migration20261231000000_data_source_connections } from './Migration20261231000000_data_source_connections';
import { Migration20270101000000_person_events_index } from './Migration20270101000000_person_events_index';
import { Migration20270102000000_dashboard_drilldown } from './Migration20270102000000_dashboard_drilldown';
import { Migration20270103000000_scrub_unstorable } from './Migration20270103000000_scrub_unstorable';
import { Migration20270104000000_survey_bundle_versions } from './Migration20270104000000_survey_bundle_versions';
import { Migration20270105000000_custom_connectors } from './Migration20270105000000_custom_connectors';

/** In order. Listed rather than discovered from files, so the same list works under tsx, Vitest and a bundle. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20260101000000_identity', class: Migration20260101000000_identity },
  { name: 'Migration20261122000000_api_keys', class: Migration20261122000000_api_keys },
  { name: 'Migration20261123000000_company_data', class: Migration20261123000000_company_data },
  { name: 'Migration20261201000000_surveys', class: Migration20261201000000_surveys },
  { name: 'Migration20261215000000_survey_responses', class: Migration20261215000000_survey_responses },
  { name: 'Migration20261216000000_survey_collection', class: Migration20261216000000_survey_collection },
  { name: 'Migration20261217000000_survey_results', class: Migration20261217000000_survey_results },
  { name: 'Migration20261220000000_prediction', class: Migration20261220000000_prediction },
  { name: 'Migration20261221000000_prediction_freshness', class: Migration20261221000000_prediction_freshness },
  { name: 'Migration20261225000000_audience', class: Migration20261225000000_audience },
  { name: 'Migration20261226000000_writeback', class: Migration20261226000000_writeback },
  { name: 'Migration20261227000000_audience_generations', class: Migration20261227000000_audience_generations },
  { name: 'Migration20261228000000_dashboard', class: Migration20261228000000_dashboard },
  { name: 'Migration20261229000000_connectors', class: Migration20261229000000_connectors },
  { name: 'Migration20261230000000_audience_queue', class: Migration20261230000000_audience_queue },
  { name: 'Migration20261231000000_data_source_connections', class: Migration20261231000000_data_source_connections },
  { name: 'Migration20270101000000_person_events_index', class: Migration20270101000000_person_events_index },
  { name: 'Migration20270102000000_dashboard_drilldown', class: Migration20270102000000_dashboard_drilldown },
  { name: 'Migration20270103000000_scrub_unstorable', class: Migration20270103000000_scrub_unstorable },
  { name: 'Migration20270104000000_survey_bundle_versions', class: Migration20270104000000_survey_bundle_versions },
  { name: 'Migration20270105000000_custom_connectors', class: Migration20270105000000_custom_connectors },
];

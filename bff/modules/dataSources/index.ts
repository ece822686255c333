/**
 * Data intake's public face, grouped as the dashboard groups it (src/features/data-sources):
 *
 * - sources/    data sources, their field mapping and templates (routes, service)
 * - imports/    file imports: the dry run and storing (the CSV, JSON and Excel readers are
 *               bff/platform/readers)
 * - ingestion/  the pushed sources' ingestion URL and its secret
 * - sync/       the sync queue and worker pulling connected sources through bff/modules/connectors
 * - custom/     the declarative connectors a company brings (stored definitions)
 * - records/    the one home of what writes data_records: the bulk writer, spool, unification and
 *               store, and the prediction API's records
 *
 * Sub-rooms import each other directly; everything outside reaches them through this file.
 */
export { createCustomConnectorRouter } from './custom/routes';
export { createCustomConnectorService } from './custom/service';
export { createImportRouter } from './imports/routes';
export { headerSignature } from './imports/templates';
export { createIngestRouter, createIngestSecretRouter, ingestBodyBypass } from './ingestion/routes';
export { newIngestSecret } from './ingestion/secret';
export { createIngestService } from './ingestion/service';
export { API_SOURCE_TYPE, type ApiRecordRow, columnsOf, insertApiRecords, updateSourceCount } from './records/apiRecords';
export type { SpooledRecord } from './records/spool';
export { FILE_SOURCE_TYPE, STORE_BATCH_ROWS } from './records/store';
export { storeSourceRecords } from './records/storeRecords';
export { promotedColumns, unifyRow } from './records/unify';
export { recordWriter } from './records/writer';
export { createFieldService } from './sources/fields';
export { createDataSourceRouter } from './sources/routes';
export { createDataSourceService, initialMapping } from './sources/service';
export { sealSecrets } from './sync/secrets';
export { onSyncQueued, syncQueued } from './sync/nudge';
export { createSyncWorker } from './sync/worker';

/**
 * Retention's public face: the deployment's job that deletes raw events, call logs and survey
 * responses older than each company's periods, and the run it repeats (tests drive it directly).
 */
export { createRetentionJob, RETENTION_EVERY_MS } from './job';
export { applyRetention, RETENTION_BATCH_ROWS, type RetentionDeps, type RetentionRun } from './purge';

/**
 * Audience Intelligence's public face: the service and routes, the builder the demo seed runs, and what
 * collection, export, writeback and the dashboard read of the profiles (membership, filters, generations).
 */
export { API_SOURCE_NAME, buildAudience, currentGenerationOf } from './build';
export { audienceCondition } from './filters';
export { createAudienceMembership } from './membership';
export { createAudienceRouter } from './routes';
export { type AudienceService, createAudienceService } from './service';

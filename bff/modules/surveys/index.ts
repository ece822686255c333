/**
 * Surveys' public face: drafts, published surveys, identifiers and their routes; the published
 * surveys' response counters collection and the survey list read.
 */
export { completedResponseCount, completedResponseCounts, countAllPendingCompletions, countPendingCompletions, COMPLETED_RESPONSES_SQL } from './counts';
export { createIdentifierService, globalIdentifiersOf } from './identifiers';
export { SURVEY_NOT_FOUND } from './present';
export { createSurveyRouters } from './routes';
export { createSurveyService } from './service';

/**
 * Surveys' public face: drafts, published surveys, identifiers and their routes. A published
 * survey's completed responses are counted by the responses' owner (bff/modules/responses).
 */
export { createIdentifierService, globalIdentifiersOf } from './identifiers';
export { SURVEY_NOT_FOUND } from './present';
export { createSurveyRouters } from './routes';
export { createSurveyService } from './service';

/**
 * Survey results' public face: routes, service, the answer tallies' job and what a continued or deleted response takes out of them.
 */
export { createResultsRouter } from './routes';
export { createResultsService } from './service';
export { createAnswerTallyJob, forgetTalliedResponses, untallyResponse, UNTALLIED_RESPONSES, type ForgottenResponse } from './tallies';

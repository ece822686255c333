/**
 * Survey results' public face: routes, service, the answer tallies' job and what a continued response takes out of them.
 */
export { createResultsRouter } from './routes';
export { createResultsService } from './service';
export { createAnswerTallyJob, untallyResponse, UNTALLIED_RESPONSES } from './tallies';

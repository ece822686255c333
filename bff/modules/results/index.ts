/**
 * Survey results' public face (InsightIQ): routes and service. They read the responses' tallies and
 * tally queue through their owner, bff/modules/responses.
 */
export { createResultsRouter } from './routes';
export { createResultsService } from './service';

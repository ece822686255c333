/**
 * The data readiness of each Discovery lever, as the model screen notes it.
 */
import type { Logger } from 'pino';
import type { LeverReadiness } from '@domain/models/settings';
import { readiness, type PredictionIndex } from '../prediction';

/**
 * The notes of the served index. When the company's snapshot cannot be built the settings stay
 * viewable and editable: the notes are left out (an empty list) and the failure is logged.
 */
export async function readinessNotes(servedIndex: (companyId: string) => Promise<PredictionIndex>, logger: Logger, companyId: string): Promise<LeverReadiness[]> {
  try {
    return readiness(await servedIndex(companyId));
  } catch (failure) {
    logger.error({ err: failure, companyId }, 'Readiness notes unavailable: the prediction snapshot could not be loaded');
    return [];
  }
}

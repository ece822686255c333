/**
 * A published survey's run state: stopped, or started with an end condition (a date, a number of
 * days or of completed responses) checked by the server's clock.
 */
import type { InferType } from 'yup';
import { earliestDayAnywhere, endConditionError } from '@domain/survey/lifecycle';
import type { statusBodySchema } from '@domain/survey/schemas';
import type { EndCondition, PublishedSurvey as PublishedSurveyView } from '@domain/survey/types';
import type { PublishedSurvey } from '../../entities';
import { apiError } from '../../platform/errors';
import { presentSurvey, type SurveyDeps } from './published';

export type StatusInput = InferType<typeof statusBodySchema>;

/** A stored end condition: numbers for days and responses, whatever form the start modal sent. */
function storedEndCondition(condition: EndCondition): EndCondition {
  return condition.type === 'date' ? { type: 'date', value: String(condition.value) } : { type: condition.type, value: Number(condition.value) };
}

/**
 * Stop, or start with an end condition checked against the earliest date on any calendar now (so
 * no time zone where it is still that day is refused, and no day already over everywhere is
 * accepted); days count from now.
 */
export async function setStatus(deps: SurveyDeps, survey: PublishedSurvey, input: StatusInput): Promise<PublishedSurveyView> {
  if (input.status === 'inactive') {
    survey.status = 'inactive';
  } else {
    const condition = input.endCondition as EndCondition;
    const clock = deps.now();
    const message = endConditionError(condition.type, condition.value, earliestDayAnywhere(clock));
    if (message) throw apiError('validation_failed', { error: message, message, fields: { 'endCondition.value': message } });
    survey.status = 'active';
    survey.endCondition = storedEndCondition(condition);
    survey.startedAt = clock;
  }
  await deps.em.flush();
  return presentSurvey(deps, survey);
}

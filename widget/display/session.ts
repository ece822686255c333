/**
 * One respondent's response: started on the first answer (after SAVE_DELAY_MS without another
 * change), continued with its token, completed on submit. The first POST says when the visitor
 * first saw the survey (startedAt) and when it was sent (sentAt), both on the page's clock, so the
 * server counts a completion time from the display even when everything goes in one POST at submit. Saves go one at a time, in order. Each
 * save has an Idempotency-Key of its own, made when it is queued: a save whose reply was lost
 * (a network failure, a 5xx) is sent again with the same key and stored once (publicApi.ts). A
 * partial save that still fails is dropped quietly: the answers stay on screen and submit sends them all.
 */
import type { ResponseInput, StartedResponse } from '@domain/survey/collection';
import type { Answers } from '@domain/survey/types';
import { debug } from '../loader/log';
import { sendWrite, type ApiError } from '../publicApi';
import { randomId } from '../loader/storage';

/** How long answers rest before they are saved. */
export const SAVE_DELAY_MS = 1000;

/** Statuses whose server message speaks to the respondent (a wrong answer, a closed survey, too many tries). */
const RESPONDENT_STATUSES = [400, 409, 429];

/** The server's message for the respondent, or null when the renderer's own wording fits better. */
export function respondentMessage(error: unknown): string | null {
  const { status, message } = (error ?? {}) as Partial<ApiError>;
  return status && RESPONDENT_STATUSES.includes(status) && message ? message : null;
}

export interface ResponseSessionOptions {
  fetch: typeof fetch;
  apiBase: string;
  surveyId: string;
  /** Visitor data sent when the response is started. */
  start: Omit<ResponseInput, 'answers' | 'complete'>;
  /** The answers the server accepts: visible questions only, numbers as numbers. */
  clean: (answers: Answers) => Answers;
  /** When the visitor first saw or answered the survey. */
  startedAt: Date;
  window: Window;
}

export interface ResponseSession {
  /** The respondent changed an answer. */
  change: (answers: Answers) => void;
  /** Sends answers still waiting for their delay now (the page is going away). */
  flush: (keepalive?: boolean) => void;
  /** Completes the response; rejects (ApiError) when the server refuses it. */
  submit: (answers: Answers) => Promise<StartedResponse>;
}

export function responseSession(options: ResponseSessionOptions): ResponseSession {
  const { window: win } = options;
  let started: StartedResponse | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let timer: number | undefined;
  let pending: Answers | null = null;

  const wait = (ms: number) => new Promise<void>((resolve) => win.setTimeout(resolve, ms));
  // Made once per save, before its first attempt: a retry sends the same body, as its Idempotency-Key requires.
  const startTimes = () => ({ startedAt: options.startedAt.toISOString(), sentAt: new Date().toISOString() });

  const send = async (answers: Answers, complete: boolean, keepalive: boolean, idempotencyKey: string) => {
    const body = { answers: options.clean(answers) as ResponseInput['answers'], complete };
    const write = { idempotencyKey, keepalive, wait };
    started = started
      ? await sendWrite<StartedResponse>(options.fetch, options.apiBase, 'PATCH', `/responses/${encodeURIComponent(started.id)}`, { token: started.token, ...body }, write)
      : await sendWrite<StartedResponse>(options.fetch, options.apiBase, 'POST', `/surveys/${encodeURIComponent(options.surveyId)}/responses`, { ...options.start, ...startTimes(), ...body }, write);
    return started;
  };

  const enqueue = (answers: Answers, complete: boolean, keepalive: boolean) => {
    // The save's key, kept with it through its retries.
    const idempotencyKey = randomId(win);
    const run = () => send(answers, complete, keepalive, idempotencyKey);
    // After the previous save, whether it worked or not: a failed start is retried by the next one.
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  const takePending = () => {
    win.clearTimeout(timer);
    const answers = pending;
    pending = null;
    return answers;
  };

  const flush = (keepalive = false) => {
    const answers = takePending();
    if (answers) enqueue(answers, false, keepalive).catch((error: unknown) => debug('saving answers failed', error));
  };

  return {
    change: (answers) => {
      pending = answers;
      win.clearTimeout(timer);
      timer = win.setTimeout(flush, SAVE_DELAY_MS);
    },
    flush,
    submit: (answers) => {
      takePending();
      return enqueue(answers, true, false);
    },
  };
}

/**
 * What the analytics-group vendor servers share: a context pointed at a local server with an
 * injected sleep that records its waits, and a queue of answers to give before the real one
 * (a 429 with Retry-After, a 5xx).
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from './localServers';

export interface CannedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Answers queued ahead of the real ones; `answerQueued` sends the next one, if any. */
export class AnswerQueue {
  private readonly queued: CannedAnswer[] = [];

  push(...answers: CannedAnswer[]): void {
    this.queued.push(...answers);
  }

  clear(): void {
    this.queued.length = 0;
  }

  /** True when a queued answer was sent (the handler stops there). */
  answerQueued(response: ServerResponse): boolean {
    const next = this.queued.shift();
    if (!next) return false;
    sendJson(response, next.status, next.body, next.headers);
    return true;
  }
}


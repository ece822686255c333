/** Responses and webhook receivers for the collection tests, made directly or through the public API. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer } from '@domain/survey/types';
import { raw } from '@mikro-orm/core';
import { PublishedSurvey, SurveyResponse, UntalliedResponse } from '@bff/entities';
import { hashSecret } from '@bff/platform/secrets';
import type { World } from './world';

/** Stored responses of a survey (completed unless told otherwise), queued for the tally job, as the widget would have left them. */
export async function addResponses(
  world: World,
  survey: { id: string; companyId: string },
  count: number,
  details: { complete?: boolean; answers?: Record<string, Answer> } = {},
): Promise<SurveyResponse[]> {
  const em = world.em();
  const complete = details.complete ?? true;
  const startedAt = new Date(Date.now() - 60_000);
  const rows = Array.from({ length: count }, (_, index) =>
    em.create(SurveyResponse, {
      companyId: survey.companyId,
      surveyId: survey.id,
      deviceType: 'desktop',
      identifiers: {},
      answers: details.answers ?? { q_rating: 5 },
      startedAt,
      completedAt: complete ? new Date(startedAt.getTime() + 30_000) : null,
      completionTimeSeconds: complete ? 30 : null,
      isComplete: complete,
      writeTokenHash: hashSecret(`fixture-token-${survey.id}-${index}`),
    }),
  );
  await em.flush();
  for (const row of rows) em.create(UntalliedResponse, { responseId: row.id, surveyId: survey.id });
  await em.flush();
  // As a completion through the public API does, the survey's count follows its stored completions.
  if (complete) await em.nativeUpdate(PublishedSurvey, { id: survey.id }, { responseCount: raw(`response_count + ${count}`) });
  return rows;
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server that records what it receives and answers each request with the next
 * status of `statuses` (the last one repeats); `headers` adds response headers per status.
 */
export async function webhookReceiver(statuses: number[] = [204], headers: Record<number, Record<string, string>> = {}) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses[Math.min(received.length, statuses.length) - 1]!;
      response.writeHead(status, headers[status] ?? {});
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    url: (path = '/hooks/navout') => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let addressSequence = 0;
/** A client address of the documentation range (198.51.100.0/24 and on), new on every call. */
export function nextAddress(): string {
  addressSequence += 1;
  return `198.51.${100 + Math.floor(addressSequence / 250) % 100}.${(addressSequence % 250) + 1}`;
}

/** A response started through the public API (from its own address), with its write token. */
export async function startResponse(
  world: World,
  surveyId: string,
  body: object = { answers: { q_rating: 4 }, complete: false },
): Promise<{ id: string; token: string }> {
  const response = await world.http.post(`/api/public/surveys/${surveyId}/responses`).set('X-Forwarded-For', nextAddress()).send(body);
  if (response.status !== 201) throw new Error(`Starting a response failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; token: string };
}

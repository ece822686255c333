/**
 * Completion webhooks: queued with the completion, signed the Standard Webhooks way (checked
 * with the reference library), retried with growing delays until a day has passed, never sent
 * to private addresses (after DNS, to the checked address itself) and never following redirects.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery as WebhookDeliveryView } from '@domain/survey/collection';
import { defaultSurvey } from '@domain/survey/defaults';
import { WebhookDelivery } from '@bff/entities';
import { isPrivateAddress, resolveAllowedAddress, AddressRefusedError } from '@bff/platform/addressGuard';
import { sendWebhook } from '@bff/modules/webhooks/send';
import { webhookSignature } from '@bff/platform/webhookSignature';
import { createWebhookWorker, GIVE_UP_AFTER_MS, nextAttemptAfter, RETRY_DELAYS_MS } from '@bff/modules/webhooks/worker';
import { nextAddress, startResponse, webhookReceiver } from './support/responses';
import { addPublished, question } from './support/surveys';
import { useWorld, type World } from './support/world';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const silent = pino({ level: 'silent' });

describe('completion webhooks', () => {
  const world = useWorld({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  const worker = (w: World, overrides: Partial<World['config']> = {}, timeoutMs?: number) =>
    createWebhookWorker({ fork: w.runtime.fork, config: { ...w.config, ...overrides }, logger: silent, timeoutMs });

  /** A company whose completions go to `url`; its secret as the answer showed it once. */
  async function webhookCompany(w: World, url: string): Promise<{ companyId: string; secret: string }> {
    const company = await w.addCompany();
    const saved = await w.http
      .put(`/api/companies/${company.id}/trigger-settings`)
      .set(w.bearer('admin'))
      .send({ triggerSettings: { triggerType: 'webhook', callbackName: '', redirectUrl: '', webhookUrl: url } });
    expect(saved.status).toBe(200);
    return { companyId: company.id, secret: saved.body.webhookSecret as string };
  }

  async function completeOne(w: World, companyId: string): Promise<{ surveyId: string; responseId: string }> {
    const survey = await addPublished(w, companyId, {
      status: 'active',
      startedAt: new Date(),
      survey: { ...defaultSurvey(), title: 'Checkout', questions: [question('rating', 'q_rating', 'How easy was checkout?'), question('text', 'q_note', 'Anything else?')] },
    });
    const started = await startResponse(w, survey.id, { answers: { q_rating: 4 }, identifiers: { user_email: 'ann@example.com' }, deviceType: 'mobile', complete: false });
    const done = await w.http.patch(`/api/public/responses/${started.id}`).set('X-Forwarded-For', nextAddress()).send({ token: started.token, answers: { q_note: 'Quick' }, complete: true });
    expect(done.status).toBe(200);
    return { surveyId: survey.id, responseId: started.id };
  }

  const deliveryOf = (w: World, responseId: string) => w.em().findOneOrFail(WebhookDelivery, { responseId });

  it('queues a completion with the response and delivers it signed, verifiable with Standard Webhooks', async () => {
    const w = world();
    const receiver = await webhookReceiver([204]);
    try {
      const { companyId, secret } = await webhookCompany(w, receiver.url());
      const { surveyId, responseId } = await completeOne(w, companyId);
      const queued = await deliveryOf(w, responseId);
      expect(queued).toMatchObject({ status: 'pending', attempts: 0, url: receiver.url(), companyId, surveyId });

      const pass = await worker(w).deliverDue();
      expect(pass).toEqual({ attempted: 1, delivered: 1 });
      expect(receiver.received).toHaveLength(1);
      const [message] = receiver.received;
      expect(message!.headers['webhook-id']).toBe(queued.id);
      expect(message!.headers['content-type']).toBe('application/json');
      const payload = new Webhook(secret).verify(message!.body, {
        'webhook-id': String(message!.headers['webhook-id']),
        'webhook-timestamp': String(message!.headers['webhook-timestamp']),
        'webhook-signature': String(message!.headers['webhook-signature']),
      });
      expect(payload).toMatchObject({
        type: 'survey.response.completed',
        data: {
          companyId,
          surveyId,
          responseId,
          answers: { q_rating: 4, q_note: 'Quick' },
          identifiers: { user_email: 'ann@example.com' },
          deviceType: 'mobile',
          completionTimeSeconds: expect.any(Number),
        },
      });
      // A tampered body or another secret fails the reference check.
      expect(() => new Webhook(secret).verify(`${message!.body} `, message!.headers as Record<string, string>)).toThrow();
      expect(() => new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(message!.body, message!.headers as Record<string, string>)).toThrow();

      const log = await w.http.get(`/api/companies/${companyId}/webhook-deliveries`).set(w.bearer('admin'));
      expect(log.status).toBe(200);
      expect(log.body as WebhookDeliveryView[]).toEqual([
        expect.objectContaining({ id: queued.id, status: 'delivered', attempts: 1, lastStatusCode: 204, lastError: null, nextAttemptAt: null, deliveredAt: expect.any(String), responseId }),
      ]);
      expect(JSON.stringify(log.body)).not.toContain(secret);
      expect((await worker(w).deliverDue()).attempted).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('signs exactly as the Standard Webhooks reference does', () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef01234567').toString('base64')}`;
    const body = '{"type":"survey.response.completed"}';
    const signature = webhookSignature(secret, 'msg_1', 1_700_000_000, body);
    const reference = new Webhook(secret).sign('msg_1', new Date(1_700_000_000 * 1000), body);
    expect(signature).toBe(reference);
  });

  it('queues nothing for companies without a webhook trigger', async () => {
    const w = world();
    const company = await w.addCompany();
    const { responseId } = await completeOne(w, company.id);
    expect(await w.em().count(WebhookDelivery, { responseId })).toBe(0);
  });

  it('retries a failing receiver with growing delays, keeping the message id', async () => {
    const w = world();
    const receiver = await webhookReceiver([500, 503, 200]);
    try {
      const { companyId } = await webhookCompany(w, receiver.url());
      const { responseId } = await completeOne(w, companyId);
      const queued = await deliveryOf(w, responseId);
      const sender = worker(w);
      const t0 = new Date(queued.nextAttemptAt!.getTime() + SECOND);

      expect(await sender.deliverDue(t0)).toEqual({ attempted: 1, delivered: 0 });
      let row = await deliveryOf(w, responseId);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'The receiver answered status 500' });
      expect(row.nextAttemptAt!.getTime()).toBe(t0.getTime() + 30 * SECOND);

      // Not due yet: nothing is sent.
      expect((await sender.deliverDue(new Date(t0.getTime() + 29 * SECOND))).attempted).toBe(0);
      const t1 = new Date(t0.getTime() + 30 * SECOND);
      expect(await sender.deliverDue(t1)).toEqual({ attempted: 1, delivered: 0 });
      row = await deliveryOf(w, responseId);
      expect(row).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
      expect(row.nextAttemptAt!.getTime()).toBe(t1.getTime() + 2 * MINUTE);

      const t2 = new Date(t1.getTime() + 2 * MINUTE);
      expect(await sender.deliverDue(t2)).toEqual({ attempted: 1, delivered: 1 });
      row = await deliveryOf(w, responseId);
      expect(row).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
      expect(row.deliveredAt!.getTime()).toBe(t2.getTime());
      expect(new Set(receiver.received.map((message) => message.headers['webhook-id']))).toEqual(new Set([queued.id]));
      expect(receiver.received.map((message) => Number(message.headers['webhook-timestamp']))).toEqual([t0, t1, t2].map((time) => Math.floor(time.getTime() / 1000)));
      expect(new Set(receiver.received.map((message) => message.body)).size).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('gives up a day after queueing', async () => {
    const created = new Date('2026-06-15T00:00:00Z');
    expect(RETRY_DELAYS_MS.map((_delay, index) => nextAttemptAfter(created, index + 1, created)!.getTime() - created.getTime())).toEqual([...RETRY_DELAYS_MS]);
    expect(nextAttemptAfter(created, 9, new Date(created.getTime() + 17 * 60 * MINUTE))!.getTime() - created.getTime()).toBe(23 * 60 * MINUTE);
    expect(nextAttemptAfter(created, 10, new Date(created.getTime() + 23 * 60 * MINUTE))).toBeNull();

    const w = world();
    const receiver = await webhookReceiver([500]);
    try {
      const { companyId } = await webhookCompany(w, receiver.url());
      const { responseId } = await completeOne(w, companyId);
      const queued = await deliveryOf(w, responseId);
      const late = new Date(queued.createdAt.getTime() + GIVE_UP_AFTER_MS - 5 * MINUTE);
      await w.em().nativeUpdate(WebhookDelivery, { id: queued.id }, { attempts: 8, nextAttemptAt: late });
      expect(await worker(w).deliverDue(late)).toEqual({ attempted: 1, delivered: 0 });
      expect(await deliveryOf(w, responseId)).toMatchObject({ status: 'failed', attempts: 9, nextAttemptAt: null, lastStatusCode: 500 });
      expect((await worker(w).deliverDue(new Date(late.getTime() + GIVE_UP_AFTER_MS))).attempted).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('does not follow redirects', async () => {
    const w = world();
    const target = await webhookReceiver([204]);
    const redirecting = await webhookReceiver([307], { 307: { Location: target.url('/elsewhere') } });
    try {
      const { companyId } = await webhookCompany(w, redirecting.url());
      const { responseId } = await completeOne(w, companyId);
      await worker(w).deliverDue();
      expect(await deliveryOf(w, responseId)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 307, lastError: `Redirects are not followed (status 307 to ${target.url('/elsewhere')})` });
      expect(redirecting.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  describe('private addresses', () => {
    it('knows which addresses are private', () => {
      const privateOnes = ['127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '169.254.169.254', '0.0.0.0', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'not-an-address'];
      const publicOnes = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'];
      expect(privateOnes.filter((address) => !isPrivateAddress(address))).toEqual([]);
      expect(publicOnes.filter((address) => isPrivateAddress(address))).toEqual([]);
    });

    it('refuses a name when any of its addresses is private, and resolves through DNS', async () => {
      const lookup = async () => [
        { address: '93.184.216.34', family: 4 as const },
        { address: '10.0.0.5', family: 4 as const },
      ];
      await expect(resolveAllowedAddress('hooks.example.com', { allowPrivate: false, lookup })).rejects.toThrow(AddressRefusedError);
      await expect(resolveAllowedAddress('hooks.example.com', { allowPrivate: false, lookup })).rejects.toThrow('hooks.example.com resolves to 10.0.0.5, a private or local address');
      await expect(resolveAllowedAddress('localhost', { allowPrivate: false })).rejects.toThrow(/localhost resolves to (127\.0\.0\.1|::1)/);
      await expect(resolveAllowedAddress('[::1]', { allowPrivate: false })).rejects.toThrow('::1 is a private or local address');
      expect(await resolveAllowedAddress('[2606:4700:4700::1111]', { allowPrivate: false })).toEqual({ address: '2606:4700:4700::1111', family: 6 });
    });

    it('sends nothing to loopback, private or link-local addresses', async () => {
      const receiver = await webhookReceiver([204]);
      try {
        const refused: Array<[url: string, error: RegExp]> = [
          [`https://127.0.0.1:${receiver.port}/`, /^Refused: 127\.0\.0\.1 is a private or local address$/],
          ['https://10.20.30.40/hook', /^Refused: 10\.20\.30\.40 is a private/],
          [`https://[::1]:${receiver.port}/`, /^Refused: ::1 is a private/],
          ['https://169.254.169.254/latest/meta-data', /^Refused: 169\.254\.169\.254 is a private/],
          [`https://localhost:${receiver.port}/`, /^Refused: localhost resolves to/],
          [`http://hooks.example.com:${receiver.port}/`, /^The webhook address must use https:\/\/$/],
        ];
        for (const [url, error] of refused) {
          const attempt = await sendWebhook({ url, body: '{}', headers: {} }, { allowPrivate: false });
          expect(attempt.delivered, url).toBe(false);
          expect(attempt.error, url).toMatch(error);
        }
        expect(receiver.received).toHaveLength(0);
      } finally {
        await receiver.close();
      }
    });

    it('connects to the address it checked, not to a second DNS answer', async () => {
      const receiver = await webhookReceiver([204]);
      try {
        let lookups = 0;
        const lookup = async () => {
          lookups += 1;
          return [{ address: '127.0.0.1', family: 4 as const }];
        };
        const attempt = await sendWebhook({ url: `http://hooks.rebinding.test:${receiver.port}/in`, body: '{"a":1}', headers: { 'webhook-id': 'msg_x' } }, { allowPrivate: true, lookup });
        expect(attempt).toEqual({ delivered: true, statusCode: 204, error: null });
        expect(lookups).toBe(1);
        expect(receiver.received[0]).toMatchObject({ body: '{"a":1}' });
        expect(receiver.received[0]!.headers.host).toBe(`hooks.rebinding.test:${receiver.port}`);
      } finally {
        await receiver.close();
      }
    });

    it('records the refusal on the delivery when the server does not allow private addresses', async () => {
      const w = world();
      const receiver = await webhookReceiver([204]);
      try {
        const { companyId } = await webhookCompany(w, `https://localhost:${receiver.port}/hook`);
        const { responseId } = await completeOne(w, companyId);
        await worker(w, { webhookAllowPrivate: false }).deliverDue();
        expect(await deliveryOf(w, responseId)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: expect.stringMatching(/^Refused: localhost resolves to/) });
        expect(receiver.received).toHaveLength(0);
      } finally {
        await receiver.close();
      }
    });
  });

  describe('slow receivers', () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      // Takes the request and never answers.
      server = createServer(() => undefined);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('gives up an attempt after the time limit', async () => {
      const attempt = await sendWebhook({ url: `http://127.0.0.1:${port}/`, body: '{}', headers: {} }, { allowPrivate: true, timeoutMs: 300 });
      expect(attempt).toEqual({ delivered: false, statusCode: null, error: 'No answer within 0.3 s' });
    });
  });

  it('keeps the delivery log to the company and its newest 50', async () => {
    const w = world();
    const receiver = await webhookReceiver([204]);
    try {
      const { companyId } = await webhookCompany(w, receiver.url());
      const { surveyId, responseId } = await completeOne(w, companyId);
      const em = w.em();
      const base = Date.now() - 60 * MINUTE;
      for (let index = 0; index < 55; index++) {
        em.create(WebhookDelivery, { companyId, surveyId, responseId: null, surveyName: 'Older', url: receiver.url(), payload: '{}', status: 'failed', attempts: 9, createdAt: new Date(base + index * SECOND) });
      }
      await em.flush();
      const log = (await w.http.get(`/api/companies/${companyId}/webhook-deliveries`).set(w.bearer('admin'))).body as WebhookDeliveryView[];
      expect(log).toHaveLength(50);
      expect(log[0]).toMatchObject({ responseId, status: 'pending' });
      expect(log.slice(1).every((item, index) => index === 0 || item.createdAt <= log[index]!.createdAt)).toBe(true);
      expect((await w.http.get(`/api/companies/${companyId}/webhook-deliveries`).set(w.bearer('alice'))).status).toBe(404);
      expect((await w.http.get(`/api/companies/${w.companies.acme.id}/webhook-deliveries`).set(w.bearer('bob'))).status).toBe(403);
    } finally {
      await receiver.close();
    }
  });

  it('starts polling and stops cleanly', async () => {
    const w = world();
    const receiver = await webhookReceiver([204]);
    try {
      const { companyId } = await webhookCompany(w, receiver.url());
      const { responseId } = await completeOne(w, companyId);
      const polling = createWebhookWorker({ fork: w.runtime.fork, config: w.config, logger: silent, everyMs: 20 });
      polling.start();
      await expect.poll(async () => (await deliveryOf(w, responseId)).status, { timeout: 5_000 }).toBe('delivered');
      await polling.stop();
    } finally {
      await receiver.close();
    }
  });
});

import type { Router } from '@koa/router';
import { companyFilterQuery } from '@domain/params';
import { createApiKeySchema, testKeySchema, updateApiKeySchema } from '@domain/prediction/keySchemas';
import { ApiKey } from '../../entities';
import { userActorOf } from '../../middleware/auth';
import { companyToRead, companyToWrite, inReach } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { API_KEY_NOT_FOUND, type ApiKeyService } from './service';

/**
 * The Outbound API screen's keys. Answers that carry a token (creation, the Live Test key) are
 * never cached (every API answer is no-store) and never logged: the request log records only
 * method, address, status and time, never bodies.
 */
export function createApiKeyRouter(keys: ApiKeyService): Router<AppState> {
  const routes = new ApiRouter('/api/api-keys');
  const key = inReach(ApiKey, API_KEY_NOT_FOUND);

  routes.get('/', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await keys.list(ctx.state.em, await companyToRead(ctx));
  });

  routes.post('/', async (ctx) => {
    const input = await validateBody(createApiKeySchema, ctx.request.body);
    const actor = userActorOf(ctx);
    ctx.body = await keys.create(ctx.state.em, await companyToWrite(ctx, input.companyId), actor, input);
    ctx.status = 201;
  });

  // Declared before /:id, which would otherwise take it for an id.
  routes.post('/test-key', async (ctx) => {
    const input = await validateBody(testKeySchema, ctx.request.body);
    const actor = userActorOf(ctx);
    ctx.body = await keys.mintTestKey(ctx.state.em, await companyToWrite(ctx, input.companyId), actor);
    ctx.status = 201;
  });

  routes.patch('/:id', key, async (ctx) => {
    const input = await validateBody(updateApiKeySchema, ctx.request.body);
    ctx.body = await keys.setActive(ctx.state.em, key.of(ctx), input.isActive);
  });

  routes.delete('/:id', key, async (ctx) => {
    await keys.revoke(ctx.state.em, key.of(ctx));
    ctx.status = 204;
  });

  return routes.router;
}

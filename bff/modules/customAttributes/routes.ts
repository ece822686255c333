import type { Router } from '@koa/router';
import { companyFilterQuery } from '@domain/params';
import { customAttributeSchema } from '@domain/prediction/keySchemas';
import { CustomAttribute } from '../../entities';
import { companyToRead, companyToWrite, inReach } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { CUSTOM_ATTRIBUTE_NOT_FOUND, type CustomAttributeService } from './service';

export function createCustomAttributeRouter(attributes: CustomAttributeService): Router<AppState> {
  const routes = new ApiRouter('/api/custom-attributes');
  const attribute = inReach(CustomAttribute, CUSTOM_ATTRIBUTE_NOT_FOUND);

  routes.get('/', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await attributes.list(ctx.state.em, await companyToRead(ctx));
  });

  routes.post('/', async (ctx) => {
    const input = await validateBody(customAttributeSchema, ctx.request.body);
    ctx.body = await attributes.create(ctx.state.em, await companyToWrite(ctx, input.companyId), input);
    ctx.status = 201;
  });

  routes.put('/:id', attribute, async (ctx) => {
    const input = await validateBody(customAttributeSchema, ctx.request.body);
    // The row's company decides; a companyId sent with the edit is ignored.
    ctx.body = await attributes.update(ctx.state.em, attribute.of(ctx), input);
  });

  routes.delete('/:id', attribute, async (ctx) => {
    await attributes.remove(ctx.state.em, attribute.of(ctx));
    ctx.status = 204;
  });

  return routes.router;
}

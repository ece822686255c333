import type { Router } from '@koa/router';
import { customConnectorSchema } from '@domain/data/customConnectors';
import { companyFilterQuery } from '@domain/params';
import { CustomConnector } from '../../../entities';
import { actorOf } from '../../../middleware/auth';
import { companyToList, companyToWrite, inReach } from '../../../middleware/tenant';
import { validateBody } from '../../../middleware/validate';
import { ApiRouter } from '../../../routing';
import type { AppState } from '../../../types';
import { recordNow } from '../../audit';
import { CUSTOM_CONNECTOR_NOT_FOUND, type CustomConnectorService } from './service';

/** The name typed in the add dialog (for a manifest without one) and the stream chosen, when given. */
const readOptions = (input: { name?: string; stream?: string }) => ({ ...(input.name ? { name: input.name } : {}), ...(input.stream ? { stream: input.stream } : {}) });

/** Custom connectors: the capability (manageData) is checked by the router, the company here. */
export function createCustomConnectorRouter(connectors: CustomConnectorService): Router<AppState> {
  const routes = new ApiRouter('/api/data-sources/custom-connectors');
  const connector = inReach(CustomConnector, CUSTOM_CONNECTOR_NOT_FOUND);

  routes.get('/', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await connectors.list(ctx.state.em, await companyToList(ctx));
  });

  routes.post('/', async (ctx) => {
    const input = await validateBody(customConnectorSchema, ctx.request.body);
    const actor = actorOf(ctx);
    const companyId = await companyToWrite(ctx, input.companyId);
    const created = await connectors.create(ctx.state.em, companyId, actor.kind === 'user' ? actor.id : null, input.definition, readOptions(input));
    await recordNow(ctx.state.em, { action: 'custom_connector_uploaded', companyId, target: { type: 'custom_connector', id: created.id, label: created.name }, changes: { after: { urlBase: created.urlBase } } });
    ctx.body = created;
    ctx.status = 201;
  });

  // Reach first (another company's id is a 404 whatever is sent), then the body.
  routes.put('/:id', connector, async (ctx) => {
    const input = await validateBody(customConnectorSchema, ctx.request.body);
    const updated = await connectors.update(ctx.state.em, connector.of(ctx), input.definition, readOptions(input));
    await recordNow(ctx.state.em, { action: 'custom_connector_uploaded', companyId: updated.companyId, target: { type: 'custom_connector', id: updated.id, label: updated.name }, changes: { after: { urlBase: updated.urlBase } } });
    ctx.body = updated;
  });

  routes.delete('/:id', connector, async (ctx) => {
    await connectors.remove(ctx.state.em, connector.of(ctx));
    ctx.status = 204;
  });

  return routes.router;
}

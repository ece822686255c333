import type { Router } from '@koa/router';
import * as yup from 'yup';
import { customFieldSchema, fieldSettingSchema } from '@domain/data/fields';
import { scheduleSchema } from '@domain/data/connectors';
import { connectSourceSchema, testConnectionSchema, updateSourceSchema } from '@domain/data/sources';
import { companyFilterQuery } from '@domain/params';
import { DataSource, ImportTemplate } from '../../../entities';
import { actorOf } from '../../../middleware/auth';
import { companyToList, companyToWrite, inReach } from '../../../middleware/tenant';
import { queryOf, validateBody } from '../../../middleware/validate';
import { ApiRouter } from '../../../routing';
import type { AppState } from '../../../types';
import type { FieldService } from './fields';
import { DATA_SOURCE_NOT_FOUND } from './present';
import { TEMPLATE_NOT_FOUND, type DataSourceService } from './service';

const recordPageQuery = yup.object({
  page: yup.string().matches(/^[1-9]\d{0,5}$/, 'Must be a page number from 1'),
  limit: yup.string().matches(/^([1-9]|[1-9]\d|100)$/, 'Must be a number from 1 to 100'),
});

export function createDataSourceRouter(sources: DataSourceService, fields: FieldService): Router<AppState> {
  const routes = new ApiRouter('/api/data-sources');
  const template = inReach(ImportTemplate, TEMPLATE_NOT_FOUND);

  routes.get('/', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await sources.list(ctx.state.em, await companyToList(ctx));
  });

  routes.post('/', async (ctx) => {
    const input = await validateBody(connectSourceSchema, ctx.request.body);
    ctx.body = await sources.connect(ctx.state.em, actorOf(ctx), input);
    ctx.status = 201;
  });

  // The fixed paths are declared before /:id, which would otherwise take them for ids.
  routes.post('/test-connection', async (ctx) => {
    const input = await validateBody(testConnectionSchema, ctx.request.body);
    ctx.body = await sources.testConnection(ctx.state.em, actorOf(ctx), input);
  });

  routes.get('/fields', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await fields.list(ctx.state.em, await companyToList(ctx));
  });

  routes.put('/fields', async (ctx) => {
    const input = await validateBody(fieldSettingSchema, ctx.request.body);
    ctx.body = await fields.update(ctx.state.em, await companyToWrite(ctx, input.companyId), input);
  });

  routes.post('/custom-fields', async (ctx) => {
    const input = await validateBody(customFieldSchema, ctx.request.body);
    ctx.body = await fields.addCustom(ctx.state.em, await companyToWrite(ctx, input.companyId), input);
    ctx.status = 201;
  });

  routes.get('/templates', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await sources.templates(ctx.state.em, await companyToList(ctx));
  });

  routes.delete('/templates/:id', template, async (ctx) => {
    await sources.removeTemplate(ctx.state.em, template.of(ctx));
    ctx.status = 204;
  });

  oneSourceRoutes(routes, sources);

  return routes.router;
}

/** The routes of one source, /:id and below (declared after the fixed paths, which /:id would otherwise take for ids). */
function oneSourceRoutes(routes: ApiRouter, sources: DataSourceService): void {
  const source = inReach(DataSource, DATA_SOURCE_NOT_FOUND);
  routes.put('/:id', source, async (ctx) => {
    const input = await validateBody(updateSourceSchema, ctx.request.body);
    if (input.status === 'syncing') {
      // Sync Now as the specification's status change: the same queued run as POST /:id/sync.
      ctx.body = await sources.sync(ctx.state.em, source.of(ctx));
      ctx.status = 202;
      return;
    }
    ctx.body = await sources.update(ctx.state.em, source.of(ctx), input);
  });

  routes.delete('/:id', source, async (ctx) => {
    await sources.remove(ctx.state.em, source.of(ctx));
    ctx.status = 204;
  });

  routes.post('/:id/sync', source, async (ctx) => {
    ctx.body = await sources.sync(ctx.state.em, source.of(ctx));
    ctx.status = 202;
  });

  routes.get('/:id/runs', source, async (ctx) => {
    ctx.body = await sources.runs(ctx.state.em, source.of(ctx));
  });

  routes.put('/:id/schedule', source, async (ctx) => {
    const input = await validateBody(scheduleSchema, ctx.request.body);
    ctx.body = await sources.schedule(ctx.state.em, source.of(ctx), input.schedule);
  });

  routes.get('/:id/records', { query: recordPageQuery }, source, async (ctx) => {
    const query = queryOf(ctx, recordPageQuery);
    ctx.body = await sources.records(ctx.state.em, source.of(ctx), Number(query.page ?? 1), Number(query.limit ?? 20));
  });
}

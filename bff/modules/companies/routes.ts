import type { Router } from '@koa/router';
import { companyProfileSchema, companySchema, companySsoSchema } from '@domain/auth/schemas';
import { Company } from '../../entities';
import { userActorOf } from '../../middleware/auth';
import { rawUpload } from '../../middleware/body';
import { inReach } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { checkImage, IMAGE_UPLOAD_MAX_BYTES } from '../files';
import { presentCompany } from './present';
import { COMPANY_NOT_FOUND, type CompanyService } from './service';

export function createCompanyRouter(companies: CompanyService): Router<AppState> {
  const routes = new ApiRouter('/api/companies');
  const company = inReach(Company, COMPANY_NOT_FOUND);

  routes.get('/', async (ctx) => {
    ctx.body = await companies.list(ctx.state.em, userActorOf(ctx));
  });

  routes.post('/', async (ctx) => {
    const input = await validateBody(companySchema, ctx.request.body);
    ctx.body = await companies.create(ctx.state.em, input);
    ctx.status = 201;
  });

  // Declared before /:id, which would otherwise take "profile" for an id.
  routes.put('/profile', async (ctx) => {
    const input = await validateBody(companyProfileSchema, ctx.request.body);
    ctx.body = await companies.updateProfile(ctx.state.em, userActorOf(ctx), input);
  });

  routes.get('/:id', company, (ctx) => {
    ctx.body = presentCompany(company.of(ctx));
  });

  routes.put('/:id', company, async (ctx) => {
    const input = await validateBody(companySchema, ctx.request.body);
    ctx.body = await companies.update(ctx.state.em, userActorOf(ctx), company.of(ctx), input);
  });

  routes.delete('/:id', company, async (ctx) => {
    await companies.remove(ctx.state.em, company.of(ctx));
    ctx.status = 204;
  });

  routes.put('/:id/logo', company, rawUpload(IMAGE_UPLOAD_MAX_BYTES, 'image_too_large'), async (ctx) => {
    const image = await checkImage(ctx.state.upload);
    ctx.body = await companies.setLogo(ctx.state.em, company.of(ctx), image);
  });

  routes.delete('/:id/logo', company, async (ctx) => {
    ctx.body = await companies.removeLogo(ctx.state.em, company.of(ctx));
  });

  routes.get('/:id/sso', company, async (ctx) => {
    ctx.body = await companies.sso(ctx.state.em, company.of(ctx));
  });

  routes.put('/:id/sso', company, async (ctx) => {
    const input = await validateBody(companySsoSchema, ctx.request.body);
    ctx.body = await companies.updateSso(ctx.state.em, company.of(ctx), input);
  });

  return routes.router;
}

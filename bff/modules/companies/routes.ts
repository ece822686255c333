import { Router } from '@koa/router';
import { companyProfileSchema, companySchema } from '@domain/auth/schemas';
import type { Orm } from '../../db';
import { actorOf, requireAuth, requireGlobalAdmin, requireRole } from '../../middleware/auth';
import { rawUpload } from '../../middleware/body';
import { requireCompanyAccess } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import type { AppContext, AppState } from '../../types';
import { checkImage, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES } from '../files/service';
import { presentCompany } from './present';
import type { CompanyService } from './service';

function scopedCompany(ctx: AppContext) {
  return ctx.state.company!;
}

export function createCompanyRouter(orm: Orm, companies: CompanyService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/companies' });
  const companyInReach = requireCompanyAccess(orm);
  const companyAdmin = requireRole('company_admin');

  router.get('/', requireAuth, async (ctx) => {
    ctx.body = await companies.list(actorOf(ctx));
  });

  router.post('/', requireGlobalAdmin, async (ctx) => {
    const input = await validateBody(companySchema, ctx.request.body);
    ctx.body = await companies.create(input);
    ctx.status = 201;
  });

  // Declared before /:id, which would otherwise take "profile" for an id.
  router.put('/profile', companyAdmin, async (ctx) => {
    const input = await validateBody(companyProfileSchema, ctx.request.body);
    ctx.body = await companies.updateProfile(actorOf(ctx), input);
  });

  router.get('/:id', requireAuth, companyInReach, (ctx) => {
    ctx.body = presentCompany(scopedCompany(ctx));
  });

  router.put('/:id', companyAdmin, companyInReach, async (ctx) => {
    const input = await validateBody(companySchema, ctx.request.body);
    ctx.body = await companies.update(actorOf(ctx), scopedCompany(ctx), input);
  });

  router.delete('/:id', requireGlobalAdmin, companyInReach, async (ctx) => {
    await companies.remove(scopedCompany(ctx));
    ctx.status = 204;
  });

  router.put('/:id/logo', companyAdmin, companyInReach, rawUpload(IMAGE_UPLOAD_MAX_BYTES, IMAGE_TOO_LARGE), async (ctx) => {
    const image = await checkImage(ctx.state.upload);
    ctx.body = await companies.setLogo(scopedCompany(ctx), image);
  });

  router.delete('/:id/logo', companyAdmin, companyInReach, async (ctx) => {
    ctx.body = await companies.removeLogo(scopedCompany(ctx));
  });

  return router;
}

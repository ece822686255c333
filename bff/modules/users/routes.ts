import { Router } from '@koa/router';
import type { Permission, Role } from '@domain/auth/roles';
import {
  inviteSchema,
  resetPasswordSchema,
  userPermissionsSchema,
  userProfileSchema,
  userStatusSchema,
} from '@domain/auth/schemas';
import type { UserStatus } from '@domain/company/options';
import type { Orm } from '../../db';
import { rawUpload } from '../../middleware/body';
import { actorOf, requireAuth, requirePermission, requireRole } from '../../middleware/auth';
import { forbidden } from '../../middleware/errors';
import { requireUserAccess } from '../../middleware/tenant';
import { validateBody } from '../../middleware/validate';
import type { AppContext, AppState } from '../../types';
import { checkImage, IMAGE_TOO_LARGE, IMAGE_UPLOAD_MAX_BYTES } from '../files/service';
import type { UserService } from './service';

function targetUser(ctx: AppContext) {
  return ctx.state.targetUser!;
}

export function createUserRouter(orm: Orm, users: UserService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/users' });
  const userInReach = requireUserAccess(orm);

  router.get('/', requirePermission('users:read'), async (ctx) => {
    ctx.body = await users.list(actorOf(ctx), ctx.query.companyFilter);
  });

  router.post('/invite', requirePermission('users:write'), async (ctx) => {
    const input = await validateBody(inviteSchema, ctx.request.body);
    ctx.body = await users.invite(actorOf(ctx), input);
    ctx.status = 201;
  });

  // The profile routes act on the signed-in user's own record, whatever the body names.
  router.put('/profile', requireAuth, async (ctx) => {
    const actor = actorOf(ctx);
    const body = (ctx.request.body ?? {}) as { userId?: unknown };
    if (body.userId !== undefined && body.userId !== null && body.userId !== actor.id) {
      throw forbidden('Access denied', 'You can only edit your own profile.');
    }
    const input = await validateBody(userProfileSchema, ctx.request.body);
    ctx.body = await users.updateProfile(actor, input);
  });

  router.put('/profile/photo', requireAuth, rawUpload(IMAGE_UPLOAD_MAX_BYTES, IMAGE_TOO_LARGE), async (ctx) => {
    const image = await checkImage(ctx.state.upload);
    ctx.body = await users.setPhoto(actorOf(ctx), image);
  });

  router.delete('/profile/photo', requireAuth, async (ctx) => {
    ctx.body = await users.removePhoto(actorOf(ctx));
  });

  router.put('/:id/status', requirePermission('users:write'), userInReach, async (ctx) => {
    const { status } = await validateBody(userStatusSchema, ctx.request.body);
    ctx.body = await users.setStatus(actorOf(ctx), targetUser(ctx), status as UserStatus);
  });

  router.delete('/:id', requirePermission('users:write'), userInReach, async (ctx) => {
    await users.remove(actorOf(ctx), targetUser(ctx));
    ctx.status = 204;
  });

  router.post('/:id/reset-password', requirePermission('users:write'), userInReach, async (ctx) => {
    const { newPassword } = await validateBody(resetPasswordSchema, ctx.request.body);
    await users.resetPassword(actorOf(ctx), targetUser(ctx), newPassword);
    ctx.status = 204;
  });

  router.put(
    '/:id/permissions',
    requireRole('company_admin'),
    requirePermission('users:write'),
    userInReach,
    async (ctx) => {
      const { role, permissions } = await validateBody(userPermissionsSchema, ctx.request.body);
      ctx.body = await users.updatePermissions(actorOf(ctx), targetUser(ctx), role as Role, permissions as Permission[]);
    },
  );

  return router;
}

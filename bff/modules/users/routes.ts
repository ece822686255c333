import type { Router } from '@koa/router';
import {
  inviteSchema,
  resetPasswordSchema,
  userPermissionsSchema,
  userProfileSchema,
  userStatusSchema,
} from '@domain/auth/schemas';
import { companyFilterQuery } from '@domain/params';
import { User } from '../../entities';
import { userActorOf } from '../../middleware/auth';
import { rawUpload } from '../../middleware/body';
import { apiError } from '../../platform/errors';
import { inReach } from '../../middleware/tenant';
import { queryOf, validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { checkImage, IMAGE_UPLOAD_MAX_BYTES } from '../files';
import type { UserService } from './service';

export function createUserRouter(users: UserService): Router<AppState> {
  const routes = new ApiRouter('/api/users');
  const targetUser = inReach(User, { error: 'User not found', message: 'No user with this id exists in your reach.' });

  routes.get('/', { query: companyFilterQuery }, async (ctx) => {
    ctx.body = await users.list(ctx.state.em, userActorOf(ctx), queryOf(ctx, companyFilterQuery).companyFilter);
  });

  routes.post('/invite', async (ctx) => {
    const input = await validateBody(inviteSchema, ctx.request.body);
    ctx.body = await users.invite(ctx.state.em, userActorOf(ctx), input);
    ctx.status = 201;
  });

  // The profile routes act on the signed-in user's own record, whatever the body names.
  routes.put('/profile', async (ctx) => {
    const actor = userActorOf(ctx);
    const body = (ctx.request.body ?? {}) as { userId?: unknown };
    if (body.userId !== undefined && body.userId !== null && body.userId !== actor.id) {
      throw apiError('access_denied', { message: 'You can only edit your own profile.' });
    }
    const input = await validateBody(userProfileSchema, ctx.request.body);
    ctx.body = await users.updateProfile(ctx.state.em, actor, input);
  });

  routes.put('/profile/photo', rawUpload(IMAGE_UPLOAD_MAX_BYTES, 'image_too_large'), async (ctx) => {
    const image = await checkImage(ctx.state.upload);
    ctx.body = await users.setPhoto(ctx.state.em, userActorOf(ctx), image);
  });

  routes.delete('/profile/photo', async (ctx) => {
    ctx.body = await users.removePhoto(ctx.state.em, userActorOf(ctx));
  });

  routes.put('/:id/status', targetUser, async (ctx) => {
    const { status } = await validateBody(userStatusSchema, ctx.request.body);
    ctx.body = await users.setStatus(ctx.state.em, userActorOf(ctx), targetUser.of(ctx), status);
  });

  routes.delete('/:id', targetUser, async (ctx) => {
    await users.remove(ctx.state.em, userActorOf(ctx), targetUser.of(ctx));
    ctx.status = 204;
  });

  routes.post('/:id/reset-password', targetUser, async (ctx) => {
    const { newPassword } = await validateBody(resetPasswordSchema, ctx.request.body);
    await users.resetPassword(ctx.state.em, userActorOf(ctx), targetUser.of(ctx), newPassword);
    ctx.status = 204;
  });

  routes.delete('/:id/sso', targetUser, async (ctx) => {
    ctx.body = await users.unlinkSso(ctx.state.em, userActorOf(ctx), targetUser.of(ctx));
  });

  routes.put('/:id/permissions', targetUser, async (ctx) => {
    const { role, permissions } = await validateBody(userPermissionsSchema, ctx.request.body);
    ctx.body = await users.updatePermissions(ctx.state.em, userActorOf(ctx), targetUser.of(ctx), role, permissions);
  });

  return routes.router;
}

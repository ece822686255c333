import { Router } from '@koa/router';
import { activateAccountSchema, loginSchema, registerSchema } from '@domain/auth/schemas';
import { actorOf, requireAuth } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import type { AppState } from '../../types';
import { verifyUserSchema } from './schemas';
import type { AuthService } from './service';

export function createAuthRouter(auth: AuthService): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/auth' });

  router.post('/login', async (ctx) => {
    const credentials = await validateBody(loginSchema, ctx.request.body);
    ctx.body = await auth.login(credentials, ctx.ip);
  });

  router.post('/register', async (ctx) => {
    const input = await validateBody(registerSchema, ctx.request.body);
    ctx.body = await auth.register(input);
    ctx.status = 201;
  });

  router.get('/me', requireAuth, (ctx) => {
    ctx.body = auth.me(actorOf(ctx));
  });

  router.get('/sso-config', (ctx) => {
    ctx.body = auth.ssoConfig();
  });

  router.post('/verify-user', async (ctx) => {
    auth.assertSsoConfigured();
    const { idToken } = await validateBody(verifyUserSchema, ctx.request.body);
    ctx.body = await auth.verifyUser(idToken);
  });

  router.get('/validate-invitation/:token', async (ctx) => {
    ctx.body = await auth.describeInvitation(ctx.params.token);
  });

  router.post('/activate-account', async (ctx) => {
    const { token, password } = await validateBody(activateAccountSchema, ctx.request.body);
    ctx.body = await auth.activateAccount(token, password);
  });

  // Sessions are bearer tokens held by the browser; signing out is forgetting the token there.
  router.post('/logout', (ctx) => {
    ctx.status = 204;
  });

  return router;
}

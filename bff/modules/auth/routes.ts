import type { Router } from '@koa/router';
import { activateAccountSchema, loginSchema, registerSchema } from '@domain/auth/schemas';
import { userActorOf } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import { ApiRouter } from '../../routing';
import type { AppState } from '../../types';
import { verifyUserSchema } from './schemas';
import type { AuthService } from './service';

export function createAuthRouter(auth: AuthService): Router<AppState> {
  const routes = new ApiRouter('/api/auth');

  routes.post('/login', async (ctx) => {
    const credentials = await validateBody(loginSchema, ctx.request.body);
    ctx.body = await auth.audited(ctx.state.em, 'password', credentials.email, () => auth.login(ctx.state.em, credentials, ctx.ip));
  });

  routes.post('/register', async (ctx) => {
    const input = await validateBody(registerSchema, ctx.request.body);
    ctx.body = await auth.register(ctx.state.em, input);
    ctx.status = 201;
  });

  routes.get('/me', (ctx) => {
    ctx.body = auth.me(userActorOf(ctx));
  });

  routes.get('/sso-config', (ctx) => {
    ctx.body = auth.ssoConfig();
  });

  routes.post('/verify-user', async (ctx) => {
    auth.assertSsoConfigured();
    const { idToken, nonce } = await validateBody(verifyUserSchema, ctx.request.body);
    ctx.body = await auth.audited(ctx.state.em, 'sso', null, () => auth.verifyUser(ctx.state.em, idToken, nonce ?? null));
  });

  routes.get('/validate-invitation/:token', async (ctx) => {
    ctx.body = await auth.describeInvitation(ctx.state.em, ctx.params.token);
  });

  routes.post('/activate-account', async (ctx) => {
    const { token, password } = await validateBody(activateAccountSchema, ctx.request.body);
    ctx.body = await auth.activateAccount(ctx.state.em, token, password);
  });

  // Sessions are bearer tokens held by the browser; signing out is forgetting the token there.
  routes.post('/logout', (ctx) => {
    ctx.status = 204;
  });

  return routes.router;
}

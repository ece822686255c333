/**
 * Single sign-on through a real OpenID Connect provider: panva's oidc-provider runs in this
 * process on a local port, with a public client that must use PKCE, and a Navout server of this
 * spec's own is configured with its issuer and client id alone (SSO_PROVIDER=oidc). The browser
 * signs in on the login page through the provider's popup (oidc-client-ts, authorization code
 * and PKCE), and the BFF verifies the ID token against the keys the discovery document names.
 *
 * The provider's development login takes any login as the subject; the accounts below give each
 * subject its claims. One claims the global admin's address without the provider vouching for it,
 * the takeover this refuses; one is an invited user's verified address, which links.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { test as base, expect, type Page } from '@playwright/test';
import Provider from 'oidc-provider';
import { DEMO } from './support';

const CLIENT_ID = 'navout-e2e';
const INVITED_EMAIL = 'ina.sso@acme.example';

/** What the provider says of each subject. */
const ACCOUNTS: Record<string, { email: string; email_verified: boolean; name: string }> = {
  impostor: { email: DEMO.globalAdmin.email, email_verified: false, name: 'Not Nora' },
  ina: { email: INVITED_EMAIL, email_verified: true, name: 'Ina Vite' },
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Servers {
  navout: string;
  issuer: string;
}

const test = base.extend<object, { servers: Servers }>({
  servers: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const [idpPort, navoutPort] = [await freePort(), await freePort()];
      const issuer = `http://127.0.0.1:${idpPort}`;
      const navout = `http://127.0.0.1:${navoutPort}`;

      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT_ID,
            application_type: 'web',
            token_endpoint_auth_method: 'none',
            redirect_uris: [`${navout}/auth/redirect`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        pkce: { required: () => true },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // The ID token carries the claims (the BFF reads no userinfo).
        conformIdTokenClaims: false,
        findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...ACCOUNTS[sub] }) }),
        // The dashboard's page exchanges the code from its own origin.
        clientBasedCORS: (_ctx, origin) => origin === navout,
        cookies: { keys: ['navout-e2e-provider-cookies'] },
      });
      const idp: Server = provider.listen(idpPort, '127.0.0.1');

      const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist-server/server.js'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(navoutPort),
          DATA_DIR: mkdtempSync(join(tmpdir(), 'navout-e2e-sso-')),
          PUBLIC_URL: navout,
          SEED_DEMO: 'true',
          DEMO_SCALE_PERCENT: '1',
          LOG_LEVEL: 'info',
          SSO_PROVIDER: 'oidc',
          SSO_ISSUER: issuer,
          SSO_CLIENT_ID: CLIENT_ID,
          SSO_PROVIDER_NAME: 'Test IdP',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child.once('exit', (code) => reject(new Error(`The server stopped (${code}) before it listened`)));
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes('listening')) resolve();
        });
      });
      child.stdout!.resume();

      await provide({ navout, issuer });

      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await new Promise((resolve) => idp.close(resolve));
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Signs in through the provider's popup as `login` and grants the dashboard what it asks. */
async function signInThroughProvider(page: Page, login: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
  const popup = await popupOpened;
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  // The dashboard closes the popup as soon as the answer comes back: listened for before it can.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

async function adminToken(request: import('@playwright/test').APIRequestContext, navout: string): Promise<string> {
  const response = await request.post(`${navout}/api/auth/login`, { data: { email: DEMO.globalAdmin.email, password: DEMO.globalAdmin.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test('a new identity claiming the global admin\'s unverified address is refused on the login page, and nothing is bound', async ({ page, request, servers }) => {
  await page.goto(`${servers.navout}/login`);
  await signInThroughProvider(page, 'impostor');
  await expect(page.getByRole('alert')).toHaveText('E-mail address not verified');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  const token = await adminToken(request, servers.navout);
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get(`${servers.navout}/api/auth/me`, { headers })).json()) as { user: { id: string; azureId: string | null }; company: { id: string } };
  expect(me.user.azureId).toBeNull();
  const record = (await (await request.get(`${servers.navout}/api/companies/${me.company.id}/sso`, { headers })).json()) as { events: Array<Record<string, unknown>> };
  expect(record.events[0]).toMatchObject({ kind: 'refused', code: 'sso_email_unverified', userId: me.user.id, subject: 'impostor', issuer: servers.issuer });
});

test('an invited user signs in through the provider, which links and activates the account', async ({ page, request, servers }) => {
  const headers = { Authorization: `Bearer ${await adminToken(request, servers.navout)}` };
  const companies = (await (await request.get(`${servers.navout}/api/companies`, { headers })).json()) as Array<{ id: string; name: string }>;
  const acme = companies.find((company) => company.name === 'Acme Retail')!;
  const invited = await request.post(`${servers.navout}/api/users/invite`, { headers, data: { email: INVITED_EMAIL, name: 'Ina Vite', role: 'user', companyId: acme.id } });
  expect(invited.status()).toBe(201);

  await page.goto(`${servers.navout}/login`);
  await signInThroughProvider(page, 'ina');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  const users = (await (await request.get(`${servers.navout}/api/users`, { headers, params: { companyFilter: acme.id } })).json()) as Array<{ email: string; status: string; sso: unknown }>;
  expect(users.find((user) => user.email === INVITED_EMAIL)).toMatchObject({ status: 'active', sso: { issuer: servers.issuer, subject: 'ina', tenantId: null } });
});

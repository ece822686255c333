/**
 * The sign-in popup's return to /auth/redirect: hands the answer to the dashboard window that
 * opened it, through MSAL 5's redirect bridge for Microsoft Entra, or oidc-client-ts for any other
 * OpenID Connect provider, as the installation is configured.
 */
import { authApi } from './api';

export async function completeSsoRedirect(): Promise<void> {
  const config = await authApi.ssoConfig();
  if (config.provider === 'oidc') {
    const { completeOidcPopup } = await import('./oidcClient');
    await completeOidcPopup(config);
    return;
  }
  const { broadcastResponseToMainFrame } = await import('@azure/msal-browser/redirect-bridge');
  await broadcastResponseToMainFrame();
}

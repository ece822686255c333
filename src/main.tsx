import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { SSO_REDIRECT_PATH } from '@domain/auth/sso';
import { App } from '@/app/App';

if (window.location.pathname === SSO_REDIRECT_PATH) {
  // This window is the Microsoft sign-in popup coming back: hand the answer to the dashboard
  // window that opened it (MSAL 5's redirect bridge) instead of starting a second dashboard.
  import('@azure/msal-browser/redirect-bridge')
    .then(({ broadcastResponseToMainFrame }) => broadcastResponseToMainFrame())
    .catch((error: unknown) => console.error('The Microsoft sign-in answer could not be passed on', error));
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

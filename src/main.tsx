import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { SSO_REDIRECT_PATH } from '@domain/auth/sso';
import { App } from '@/app/App';

if (window.location.pathname === SSO_REDIRECT_PATH) {
  // This window is the sign-in popup coming back: hand the answer to the dashboard window that
  // opened it instead of starting a second dashboard.
  import('@/features/auth/ssoRedirect')
    .then(({ completeSsoRedirect }) => completeSsoRedirect())
    .catch((error: unknown) => console.error('The sign-in answer could not be passed on', error));
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

import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createAppQueryClient } from '@/lib/queryClient';
import { AppProviders } from './providers/AppProviders';
import { AppRoutes } from './router';

/** The dashboard: providers around the routes. */
export function App() {
  // Created once per page load; useState keeps it through re-renders and Strict Mode.
  const [queryClient] = useState(createAppQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

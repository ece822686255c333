/**
 * The routes, assembled from the route table (routes.tsx): guards, layout and lazy pages.
 *
 * React Router's declarative mode (<BrowserRouter> + useRoutes) rather than its data router: the
 * dashboard loads data with TanStack Query, not route loaders, and the data router would add
 * about 16 KB (gzipped) to the first download for features nothing uses.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from './components/PageSpinner';
import { RequireAccess } from './guards/RequireAccess';
import { RouteErrorBoundary } from './pages/RouteErrorBoundary';
import { APP_ROUTES, NOT_FOUND_PAGE, ROUTE_REDIRECTS, type AppRoute } from './routes';

// The shell (sidebar, header, menus) is only downloaded once someone is signed in.
const AppLayout = lazy(async () => ({ default: (await import('./shell/AppLayout')).AppLayout }));

export const APP_NAME = 'Navout';

function DocumentTitle({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return children;
}

/**
 * The shell, with the page's download started beside the shell's own rather than after it: on a
 * slow connection that is one round trip less before the page can draw. The page's code is
 * fetched once; rendering it later uses that download.
 */
function ShellLayout({ routes }: { routes: readonly AppRoute[] }) {
  const { pathname } = useLocation();
  routes.find((route) => route.path === pathname)?.page.preload();
  return (
    <Suspense fallback={fullPageFallback}>
      <AppLayout routes={routes} />
    </Suspense>
  );
}

function routeElement(route: AppRoute) {
  const Page = route.page;
  return (
    <DocumentTitle title={route.title}>
      <RequireAccess access={route.access}>
        <Page />
      </RequireAccess>
    </DocumentTitle>
  );
}

const fullPageFallback = <PageSpinner fullScreen />;

export function appRouteObjects(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  const bare = routes.filter((route) => route.layout === 'bare');
  const shell = routes.filter((route) => route.layout === 'shell');
  const NotFound = NOT_FOUND_PAGE;
  return [
    ...bare.map((route) => ({
      path: route.path,
      element: <Suspense fallback={fullPageFallback}>{routeElement(route)}</Suspense>,
    })),
    {
      // Signing in is checked once for the whole shell; each page then checks its own access.
      element: (
        <RequireAccess access="signedIn">
          <ShellLayout routes={routes} />
        </RequireAccess>
      ),
      children: shell.map((route) => ({ path: route.path, element: routeElement(route) })),
    },
    ...ROUTE_REDIRECTS.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
    {
      path: '*',
      element: (
        <Suspense fallback={fullPageFallback}>
          <DocumentTitle title="Page not found">
            <NotFound />
          </DocumentTitle>
        </Suspense>
      ),
    },
  ];
}

const APP_ROUTE_OBJECTS = appRouteObjects();

/** Every page of the dashboard; render it inside a router (<BrowserRouter> in the product). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(APP_ROUTE_OBJECTS);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

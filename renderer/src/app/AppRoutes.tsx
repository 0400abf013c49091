import { Suspense, useMemo } from 'react';
import { Navigate, Outlet, type RouteObject, useRoutes } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { useRouteStore } from '../stores/route';
import { lazyChunk } from './lazy-chunk';
import { type AppRoute, firstVisiblePath, onlyBuiltScreens, PROMOTION_ROUTE } from './menu-routes';
import { isBuiltScreen, screenFor } from './screens';

const MainLayout = lazyChunk(() => import('./layout/MainLayout'));
const LoginPage = lazyChunk(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyChunk(() => import('../features/auth/RegisterPage'));
const ResetPasswordPage = lazyChunk(() => import('../features/auth/ResetPasswordPage'));
const ForgetAccountPage = lazyChunk(() => import('../features/auth/ForgetAccountPage'));
const AuthorizedLoginPage = lazyChunk(() => import('../features/auth/AuthorizedLoginPage'));
const ForbiddenPage = lazyChunk(() => import('../features/errors/ForbiddenPage'));
const NotFoundPage = lazyChunk(() => import('../features/errors/NotFoundPage'));
/** The public policy pages, one screen for the three paths (docs/notices.md, Policy pages). */
const PolicyPage = lazyChunk(() => import('../features/policies/PolicyPage'));
/** A cloud phone's live screen in its own tab, outside the layout (signed in: the guard asks for a token). */
const PhoneViewPage = lazyChunk(() => import('../features/phone-view/PhoneViewPage'));

function toRouteObject(r: AppRoute): RouteObject {
  const Screen = screenFor(r.component);
  const element = Screen ? <Screen /> : <Outlet />;
  if (!r.children?.length) return r.path ? { path: r.path, element } : { index: true, element };
  return { path: r.path, element, children: r.children.map(toRouteObject) };
}

/** Route table: public routes, the main layout built from menus, promotion, not-found. */
export function buildRouteObjects(routes: AppRoute[]): RouteObject[] {
  const inLayout = routes.filter((r) => !r.path.startsWith('/'));
  const own = [...routes.filter((r) => r.path.startsWith('/')), ...onlyBuiltScreens([PROMOTION_ROUTE], isBuiltScreen)];
  const first = firstVisiblePath(inLayout);
  return [
    { path: '/login', element: <LoginPage /> },
    { path: '/register', element: <RegisterPage /> },
    { path: '/reset-pass', element: <ResetPasswordPage /> },
    { path: '/forget-account', element: <ForgetAccountPage /> },
    { path: '/authorized-login', element: <AuthorizedLoginPage /> },
    { path: '/403', element: <ForbiddenPage /> },
    { path: '/agreement', element: <PolicyPage /> },
    { path: '/privacy', element: <PolicyPage /> },
    { path: '/log-off-policy', element: <PolicyPage /> },
    { path: '/404', element: <NotFoundPage /> },
    {
      path: '/',
      element: <MainLayout />,
      children: [
        { index: true, element: first ? <Navigate to={first} replace /> : <PageLoader /> },
        ...inLayout.map(toRouteObject),
      ],
    },
    { path: '/phone-view/:id', element: <PhoneViewPage /> },
    ...own.map(toRouteObject),
    { path: '*', element: <NotFoundPage /> },
  ];
}

export function AppRoutes() {
  const routes = useRouteStore((s) => s.routes);
  const objects = useMemo(() => buildRouteObjects(routes), [routes]);
  return <Suspense fallback={<PageLoader />}>{useRoutes(objects)}</Suspense>;
}

import type { Action } from '@reduxjs/toolkit';
import { isValidElement, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, createRoutesFromElements, matchRoutes, Navigate, Outlet, Route, useRoutes } from 'react-router-dom';
import { ADMINS, CUSTOMERS, OFFICE, PRODUCTION, type RoleId, WORKSHOPS } from '../../shared/roles';
import { HttpsBanner } from '../components/HttpsBanner';
import { type Preloadable, preloadable } from '../components/preloadable';
import { Layout } from './Layout';
import { AuthCard } from '../features/auth/AuthCard';
import { gridViewsRequested } from '../features/grid-views';
import { lookupsRequested } from '../features/lookups';
import { EVERY_LINE, linesRequested } from '../features/order-lines';
import { gridTextsOf } from '../features/orders/gridTexts';
import { stepsRequested } from '../features/production-steps';
import { selectSession } from '../features/session';
import { settingsRequested } from '../features/settings';
import { useAppSelector } from './hooks';
import { startLanguage } from './languages';
import type { RootState } from './store';

/*
 * Only the login card is in the first bundle; every other screen loads when first opened, or from
 * the page's start when the page opens on it (`preloadScreen`).
 */
const DashboardScreen = preloadable(() => import('../features/dashboard/DashboardScreen'));
const UsersScreen = preloadable(() => import('../features/users/UsersScreen'));
const UserRolesScreen = preloadable(() => import('../features/users/UserRolesScreen'));
const ResetPasswordScreen = preloadable(() => import('../features/auth/ResetPasswordScreen'));
const UnsubscribeScreen = preloadable(() => import('../features/notifications/UnsubscribeScreen'));
const NotificationPreferences = preloadable(() => import('../features/notifications/NotificationPreferences'));
const ProductCatalogScreen = preloadable(() => import('../features/catalogue/ProductCatalogScreen'));
const WorkshopListScreen = preloadable(() => import('../features/workshops/WorkshopListScreen'));
const WorkshopDetailScreen = preloadable(() => import('../features/workshops/WorkshopDetailScreen'));
const WorkshopProductsScreen = preloadable(() => import('../features/workshops/WorkshopProductsScreen'));
const AllProductsScreen = preloadable(() => import('../features/workshops/AllProductsScreen'));
const CustomerListScreen = preloadable(() => import('../features/customers/CustomerListScreen'));
const WorkshopOrderScreen = preloadable(() => import('../features/workshop-orders/WorkshopOrderScreen'));
const CustomerOrderScreen = preloadable(() => import('../features/customer-orders/CustomerOrderScreen'));
const CustomerDetailScreen = preloadable(() => import('../features/customers/CustomerDetailScreen'));
// The names the grid's lines show, the time zone its dates are shown in, the saved views and the
// lines are asked for with its code; the lines are read on past their first page once the grid shows it.
// The grid's own code, the largest chunk, and its texts are fetched beside the screen's, and the
// screen counts as loaded once all three are in: its first render then has the grid, where a render
// without it, the grid's code evaluated between, and a second render put the grid 20-30 ms later.
const AdminOrdersScreen = preloadable(async () => {
  const grid = import('../features/orders/OrderGrid').catch(() => undefined);
  const texts = gridTextsOf(startLanguage()).catch(() => undefined);
  const screen = await import('../features/orders/AdminOrdersScreen');
  await Promise.all([grid, texts]);
  return screen;
}, () => [
  lookupsRequested(),
  settingsRequested(),
  stepsRequested(),
  gridViewsRequested('orders'),
  linesRequested(EVERY_LINE, true),
]);
const AuditLogScreen = preloadable(() => import('../features/audit/AuditLogScreen'));
const MetalScreen = preloadable(() => import('../features/metal/MetalScreen'));
const PhoneOrderScreen = preloadable(() => import('../features/customer-orders/PhoneOrderScreen'));
const ArchiveScreen = preloadable(() => import('../features/archive/ArchiveScreen'));
const FlowScreen = preloadable(() => import('../features/flow/FlowScreen'));
// Its own chunk with bwip-js, which draws the barcodes: no other screen carries it.
const TicketsScreen = preloadable(() => import('../features/tickets/TicketsScreen'));

/** Every route but /login and /reset-password needs a session token (SPEC section 2). */
function RequireSession({ children }: { children: ReactNode }) {
  const { loggedIn } = useAppSelector(selectSession);
  return loggedIn ? children : <Navigate to="/login" replace />;
}

/**
 * Screens of some roles only: anyone else typing their address lands on their own dashboard
 * (the server refuses them the data and the actions anyway; the screen would only show failures).
 */
function ForRoles({ roles }: { roles: readonly RoleId[] }) {
  const { role } = useAppSelector(selectSession);
  return roles.includes(role) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

function LoginRoute() {
  const { loggedIn } = useAppSelector(selectSession);
  return loggedIn ? <Navigate to="/dashboard" replace /> : <AuthCard />;
}

const DASHBOARD_PATHS = [
  '/dashboard',
  '/workshop/orders',
  '/workshop/products',
  '/workshop/profile',
  '/workshop/metal',
  '/office/reports',
  '/office/profile',
  '/customer/orders',
  '/customer/new-order',
  '/customer/profile',
  '/customer/account',
];

const ROUTES = createRoutesFromElements(
  <>
    <Route path="/login" element={<LoginRoute />} />
    <Route path="/reset-password" element={<ResetPasswordScreen />} />
    <Route path="/unsubscribe" element={<UnsubscribeScreen />} />
    {/* Job tickets print on their own page, without the menu around it. */}
    <Route
      element={
        <RequireSession>
          <ForRoles roles={PRODUCTION} />
        </RequireSession>
      }
    >
      <Route path="/tickets" element={<TicketsScreen />} />
    </Route>
    <Route
      element={
        <RequireSession>
          <Layout />
        </RequireSession>
      }
    >
      {DASHBOARD_PATHS.map((path) => (
        <Route key={path} path={path} element={<DashboardScreen />} />
      ))}
      <Route element={<ForRoles roles={ADMINS} />}>
        <Route path="/admin/users" element={<UsersScreen />} />
        <Route path="/admin/user-roles" element={<UserRolesScreen />} />
        <Route path="/admin/product-catalog" element={<ProductCatalogScreen />} />
        <Route path="/admin/customers" element={<CustomerListScreen />} />
        <Route path="/admin/customers/:id" element={<CustomerDetailScreen />} />
        <Route path="/admin/workshops" element={<WorkshopListScreen />} />
        <Route path="/admin/workshops/:id" element={<WorkshopDetailScreen />} />
        <Route path="/admin/workshops/:id/products" element={<WorkshopProductsScreen />} />
        <Route path="/admin/workshops/:id/all-products" element={<AllProductsScreen />} />
        <Route path="/admin/orders" element={<AdminOrdersScreen />} />
        <Route path="/admin/audit-log" element={<AuditLogScreen />} />
        <Route path="/admin/metal" element={<MetalScreen />} />
        <Route path="/admin/phone-order" element={<PhoneOrderScreen />} />
        <Route path="/admin/archive" element={<ArchiveScreen />} />
        <Route path="/admin/flow" element={<FlowScreen />} />
        <Route path="/admin/notifications" element={<NotificationPreferences />} />
      </Route>
      {/* The office reads what the admin manages: the same screens without their actions. */}
      <Route element={<ForRoles roles={OFFICE} />}>
        <Route path="/office/orders" element={<AdminOrdersScreen readOnly />} />
        <Route path="/office/customers" element={<CustomerListScreen readOnly />} />
        <Route path="/office/customers/:id" element={<CustomerDetailScreen readOnly />} />
        <Route path="/office/metal" element={<MetalScreen readOnly />} />
        {/* Not read-only: the office takes customers' orders by phone. */}
        <Route path="/office/phone-order" element={<PhoneOrderScreen />} />
        <Route path="/office/archive" element={<ArchiveScreen />} />
        <Route path="/office/flow" element={<FlowScreen />} />
        <Route path="/office/notifications" element={<NotificationPreferences />} />
      </Route>
      <Route element={<ForRoles roles={WORKSHOPS} />}>
        <Route path="/workshop/order/:id" element={<WorkshopOrderScreen />} />
        <Route path="/workshop/orders/:id" element={<WorkshopOrderScreen />} />
        <Route path="/workshop/archive" element={<ArchiveScreen />} />
        <Route path="/workshop/notifications" element={<NotificationPreferences />} />
      </Route>
      <Route element={<ForRoles roles={CUSTOMERS} />}>
        <Route path="/order/:id" element={<CustomerOrderScreen />} />
        <Route path="/customer/orders/:id" element={<CustomerOrderScreen />} />
        <Route path="/customer/archive" element={<ArchiveScreen />} />
        <Route path="/customer/notifications" element={<NotificationPreferences />} />
      </Route>
    </Route>
    <Route path="*" element={<Navigate to="/dashboard" replace />} />
  </>,
);

/** What a screen asks the server for as it opens. */
type ScreenData = () => Action[];

/**
 * Starts loading the code of the screen `pathname` opens, beside the page's other first reads: by
 * the time the session and the catalogue let the routes render, it is in, and the screen renders
 * without a fallback. A screen's reads go out with its code too when the session may open it.
 * Settles once the code is in (or failed: the screen's own render then tries again).
 */
export function preloadScreen(pathname: string, store: { getState: () => RootState; dispatch: (action: Action) => unknown }): Promise<unknown> {
  const { loggedIn, role } = selectSession(store.getState());
  let allowed = loggedIn;
  const loading: Array<Promise<unknown>> = [];
  for (const { route } of matchRoutes(ROUTES, pathname) ?? []) {
    if (!isValidElement(route.element)) continue;
    const { type, props } = route.element as { type: unknown; props: { roles?: readonly RoleId[] } };
    if (type === ForRoles) allowed &&= props.roles!.includes(role);
    const screen = type as Partial<Preloadable<unknown, ScreenData>>;
    if (screen.preload) loading.push(screen.preload().catch(() => undefined));
    if (allowed) for (const action of screen.data?.() ?? []) store.dispatch(action);
  }
  return Promise.all(loading);
}

export function AppRoutes() {
  const { t } = useTranslation('common');
  const routes = useRoutes(ROUTES);
  return (
    <>
      <HttpsBanner />
      <Suspense fallback={<p role="status">{t('loading')}</p>}>{routes}</Suspense>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

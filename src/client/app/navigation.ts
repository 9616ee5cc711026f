import { Role, type RoleId } from '../../shared/roles';

/**
 * One entry of a role's header menu: `label` names its text in common:nav, `to` the screen it opens,
 * `within` the other paths (prefixes) that belong to it, so a detail screen marks its list.
 */
export interface NavItem {
  label: string;
  to: string;
  within?: readonly string[];
}

const DASHBOARD: NavItem = { label: 'dashboard', to: '/dashboard' };

/* The main screens of each role (SPEC section 2); a role not listed has the dashboard alone. */
const NAV_OF_ROLE: Partial<Record<RoleId, readonly NavItem[]>> = {
  [Role.Admin]: [
    DASHBOARD,
    { label: 'orders', to: '/admin/orders' },
    { label: 'customers', to: '/admin/customers', within: ['/admin/customers/'] },
    { label: 'phoneOrder', to: '/admin/phone-order' },
    { label: 'workshops', to: '/admin/workshops', within: ['/admin/workshops/'] },
    { label: 'catalogue', to: '/admin/product-catalog' },
    { label: 'users', to: '/admin/users', within: ['/admin/user-roles'] },
    { label: 'auditLog', to: '/admin/audit-log' },
    { label: 'metal', to: '/admin/metal' },
    { label: 'archive', to: '/admin/archive' },
    { label: 'flow', to: '/admin/flow' },
  ],
  [Role.Office]: [
    DASHBOARD,
    { label: 'orders', to: '/office/orders' },
    { label: 'customers', to: '/office/customers', within: ['/office/customers/'] },
    { label: 'phoneOrder', to: '/office/phone-order' },
    { label: 'reports', to: '/office/reports' },
    { label: 'metal', to: '/office/metal' },
    { label: 'archive', to: '/office/archive' },
    { label: 'flow', to: '/office/flow' },
    { label: 'profile', to: '/office/profile' },
  ],
  [Role.Workshop]: [
    DASHBOARD,
    { label: 'myOrders', to: '/workshop/orders', within: ['/workshop/orders/', '/workshop/order/'] },
    { label: 'myProducts', to: '/workshop/products' },
    { label: 'metal', to: '/workshop/metal' },
    { label: 'archive', to: '/workshop/archive' },
    { label: 'profile', to: '/workshop/profile' },
  ],
  [Role.Customer]: [
    DASHBOARD,
    { label: 'myOrders', to: '/customer/orders', within: ['/customer/orders/', '/order/'] },
    { label: 'newOrder', to: '/customer/new-order' },
    { label: 'archive', to: '/customer/archive' },
    { label: 'account', to: '/customer/profile' },
  ],
};

export function navOfRole(role: RoleId): readonly NavItem[] {
  return NAV_OF_ROLE[role] ?? [DASHBOARD];
}

/** The menu entry the current path belongs to: its own screen, or one reached from it. */
export function currentNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  return items.find((item) => item.to === pathname) ?? items.find((item) => item.within?.some((path) => pathname.startsWith(path)));
}

/** HTTP paths of SPEC section 7 used by both the server routes and the browser client. */
export const API = {
  login: '/api/v1/user/login',
  register: '/api/v1/user/register',
  refresh: '/api/v1/user/refresh',
  logout: '/api/v1/user/logout',
  forgotPassword: '/api/v1/user/forgot-password',
  resetPassword: '/api/v1/user/reset-password',
  changePassword: '/api/v1/user/change-password',
  me: '/api/v1/user/me',
  users: '/api/v1/user',
  roles: '/api/v1/roles',
  changeUserRoles: '/api/v1/user/changeUserRoles',
  productionSteps: '/api/v1/production-steps',
  productionStep: (id: number | string) => `/api/v1/production-steps/${id}`,
  statuses: '/api/v1/statuses',
  qualityControlStatuses: '/api/v1/quality-control-statuses',
  packingStatuses: '/api/v1/packing-statuses',
} as const;

export interface LoginResponse {
  token: string;
  refresh_token: string;
  user_role_id: number;
  user_role_title: string;
  user_id: number;
}

export type RefreshResponse = LoginResponse;

export interface UserDto {
  id: number;
  username: string;
  email: string;
  role: number;
  role_name: string;
  status: 'active' | 'inactive';
  created_at: string;
}

export interface RoleDto {
  id: number;
  role_name: string;
}

export interface RoleChange {
  ID: number;
  Role: number;
}

export interface ApiErrorBody {
  error: string;
  code: string;
}

export interface ProductionStepDto {
  id: number;
  step_name: string;
  description: string;
  created_at: string;
}

/** An entry of a fixed list: order line status, quality control status, packing status. */
export interface LookupDto {
  id: number;
  name: string;
}

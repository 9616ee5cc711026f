import type { RoleId, UserStatus } from '../roles';

/* Sign-in, users and roles. */

export interface LoginResponse {
  token: string;
  refresh_token: string;
  user_role_id: RoleId;
  user_role_title: string;
  user_id: number;
}

export type RefreshResponse = LoginResponse;

export interface UserDto {
  id: number;
  username: string;
  email: string;
  role: RoleId;
  role_name: string;
  status: UserStatus;
  /** The language the user reads the product in; null: the product's default (tr). */
  language: string | null;
  created_at: string;
}

export interface RoleDto {
  id: RoleId;
  role_name: string;
}

/** One change of POST API.changeUserRoles, which takes a list of them. */
export interface RoleChange {
  ID: number;
  Role: RoleId;
}

import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RoleDto, UserDto } from '../../../shared/api';
import { type RoleId, userStatus } from '../../../shared/roles';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import type { NoticeLike, Sentence } from '../../components/NoticeView';

const usersAdapter = createEntityAdapter<UserDto>();

/** The records the admin adds from /admin/users: a user, a customer or workshop for a user, a store for a customer. */
export type AddFormName = 'user' | 'customer' | 'workshop' | 'store';

/** A user the admin has just added: the server's sentence, and the one-time password it answered once (null when an invitation was mailed). */
export interface AddedUser {
  username: string;
  password: string | null;
  message: Sentence;
}

/** The notice tells of the load and of role changes. */
export interface UsersExtra extends Loadable {
  roles: RoleDto[];
  /** Users whose role change is under way. */
  assigning: number[];
  /** The add form whose record is being sent or was refused; null when none is. */
  adding: { form: AddFormName; status: 'busy' | 'added' | 'failed'; notice: NoticeLike | null } | null;
  /** Shown until the admin closes it, then gone: the one-time password is held nowhere else. */
  addedUser: AddedUser | null;
}

export const usersSlice = createSlice({
  name: 'users',
  initialState: usersAdapter.getInitialState<UsersExtra>({ ...notLoaded(), roles: [], assigning: [], adding: null, addedUser: null }),
  reducers: {
    usersRequested: loading,
    usersLoaded: (state, action: PayloadAction<{ users: UserDto[]; roles: RoleDto[] }>) => {
      usersAdapter.setAll(state, action.payload.users);
      state.roles = action.payload.roles;
      loaded(state);
    },
    usersFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
    roleAssignRequested: (state, action: PayloadAction<{ userId: number; role: RoleId }>) => {
      state.assigning.push(action.payload.userId);
      state.notice = null;
    },
    roleAssigned: (state, action: PayloadAction<{ userId: number; role: RoleId; message: Sentence }>) => {
      const { userId, role, message } = action.payload;
      const roleName = state.roles.find((r) => r.id === role)?.role_name ?? String(role);
      usersAdapter.updateOne(state, { id: userId, changes: { role, role_name: roleName, status: userStatus(role) } });
      state.assigning = state.assigning.filter((id) => id !== userId);
      state.notice = { kind: 'success', ...message };
    },
    roleAssignFailed: (state, action: PayloadAction<{ userId: number; notice: NoticeLike }>) => {
      state.assigning = state.assigning.filter((id) => id !== action.payload.userId);
      state.notice = action.payload.notice;
    },
    /** The admin sent an add form, already checked against its shared schema. */
    addFormSubmitted: (state, action: PayloadAction<{ form: AddFormName; values: Record<string, unknown> }>) => {
      state.adding = { form: action.payload.form, status: 'busy', notice: null };
    },
    recordAdded: (state, action: PayloadAction<{ form: AddFormName; message: Sentence }>) => {
      state.adding = { form: action.payload.form, status: 'added', notice: { kind: 'success', ...action.payload.message } };
    },
    recordAddFailed: (state, action: PayloadAction<{ form: AddFormName; notice: NoticeLike }>) => {
      state.adding = { form: action.payload.form, status: 'failed', notice: action.payload.notice };
    },
    /** The admin added a user: it joins the list, and what the server answered is shown once. */
    userAdded: (state, action: PayloadAction<{ user: UserDto; password: string | null; message: Sentence }>) => {
      const { user, password, message } = action.payload;
      usersAdapter.addOne(state, user);
      state.addedUser = { username: user.username, password, message };
    },
    addedUserSeen: (state) => {
      state.addedUser = null;
    },
    /** The add form was closed. */
    addFormClosed: (state) => {
      state.adding = null;
    },
  },
});

export const {
  usersRequested,
  usersLoaded,
  usersFailed,
  roleAssignRequested,
  roleAssigned,
  roleAssignFailed,
  addFormSubmitted,
  recordAdded,
  recordAddFailed,
  addFormClosed,
  userAdded,
  addedUserSeen,
} = usersSlice.actions;

type State = { users: ReturnType<typeof usersSlice.reducer> };
export const { selectAll: selectUsers } = usersAdapter.getSelectors((state: State) => state.users);
export const selectUsersState = (state: State) => state.users;
export const selectAdding = (state: State) => state.users.adding;
export const selectAddedUser = (state: State) => state.users.addedUser;

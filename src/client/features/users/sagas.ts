import { all, call, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { API, type CustomerDto, type RoleChange, type RoleDto, type SaidBody, type UserDto, type WorkshopDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { said } from '../../api/said';
import { customerCreated } from '../customers';
import { workshopCreated } from '../workshops';
import {
  type AddFormName,
  addFormSubmitted,
  recordAdded,
  recordAddFailed,
  roleAssigned,
  roleAssignFailed,
  roleAssignRequested,
  usersFailed,
  usersLoaded,
  usersRequested,
  userAdded,
} from './slice';

/** Where each add form's record is created (the spec leaves the store path open; DESIGN.md names it). */
const ADD_PATHS: Record<AddFormName, string> = {
  user: API.users,
  customer: API.customers,
  workshop: API.workshops,
  store: API.shop,
};

function* loadUsers() {
  yield* callAndStore(
    all([call(http.get, API.users), call(http.get, API.roles)]),
    ([{ users }, { roles }]: [{ users: UserDto[] }, { roles: RoleDto[] }]) => usersLoaded({ users, roles }),
    usersFailed,
    'users:loadFailed',
  );
}

function* assignRole(action: ReturnType<typeof roleAssignRequested>) {
  const { userId, role } = action.payload;
  const changes: RoleChange[] = [{ ID: userId, Role: role }];
  yield* callAndStore(
    call(http.post, API.changeUserRoles, changes),
    (answer: SaidBody) => roleAssigned({ userId, role, message: said(answer) }),
    (notice) => roleAssignFailed({ userId, notice }),
    'users:assignFailed',
  );
}

/** A created user, customer or workshop joins its collection, so lists already loaded show it without a reload. */
function* addRecord(action: ReturnType<typeof addFormSubmitted>) {
  const { form, values } = action.payload;
  yield* callAndStore(
    call(http.post, ADD_PATHS[form], values),
    (answer: SaidBody & { user?: UserDto; password?: string | null; customer?: CustomerDto; workshop?: WorkshopDto }) => [
      ...(answer.user ? [userAdded({ user: answer.user, password: answer.password ?? null, message: said(answer) })] : []),
      ...(answer.customer ? [customerCreated(answer.customer)] : []),
      ...(answer.workshop ? [workshopCreated(answer.workshop)] : []),
      recordAdded({ form, message: said(answer) }),
    ],
    (notice) => recordAddFailed({ form, notice }),
    `users:forms.${form}.failed`,
  );
}

export function* usersSaga() {
  yield all([takeLatest(usersRequested.type, loadUsers), takeEvery(roleAssignRequested.type, assignRole), takeLeading(addFormSubmitted.type, addRecord)]);
}

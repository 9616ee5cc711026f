import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { API, type RoleDto, type UserDto } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import { roleAssigned, roleAssignFailed, roleAssignRequested, usersFailed, usersLoaded, usersRequested } from './slice';

function* loadUsers() {
  try {
    const [{ users }, { roles }]: [{ users: UserDto[] }, { roles: RoleDto[] }] = yield all([call(http.get, API.users), call(http.get, API.roles)]);
    yield put(usersLoaded({ users, roles }));
  } catch (error) {
    yield put(usersFailed(failure(error, 'users:loadFailed')));
  }
}

function* assignRole(action: ReturnType<typeof roleAssignRequested>) {
  const { userId, role } = action.payload;
  try {
    const response: { message: string } = yield call(http.post, API.changeUserRoles, [{ ID: userId, Role: role }]);
    yield put(roleAssigned({ userId, role, message: response.message }));
  } catch (error) {
    yield put(roleAssignFailed({ userId, notice: failure(error, 'users:assignFailed') }));
  }
}

export function* usersSaga() {
  yield all([takeLatest(usersRequested.type, loadUsers), takeEvery(roleAssignRequested.type, assignRole)]);
}

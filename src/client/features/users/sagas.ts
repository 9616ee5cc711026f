import { all, call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { API, type CustomerDto, type RoleChange, type RoleDto, type SaidBody, type UserDto, type WorkshopDto } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
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
} from './slice';

/** Where each add form's record is created (the spec leaves the store and webhook paths open; DESIGN.md names them). */
const ADD_PATHS: Record<AddFormName, string> = {
  customer: API.customers,
  workshop: API.workshops,
  store: API.shop,
  webhook: API.shopCredentials,
};

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
  const changes: RoleChange[] = [{ ID: userId, Role: role }];
  try {
    const answer: SaidBody = yield call(http.post, API.changeUserRoles, changes);
    yield put(roleAssigned({ userId, role, message: said(answer) }));
  } catch (error) {
    yield put(roleAssignFailed({ userId, notice: failure(error, 'users:assignFailed') }));
  }
}

/** A created customer or workshop joins its collection, so lists already loaded show it without a reload. */
function* addRecord(action: ReturnType<typeof addFormSubmitted>) {
  const { form, values } = action.payload;
  try {
    const answer: SaidBody & { customer?: CustomerDto; workshop?: WorkshopDto } = yield call(http.post, ADD_PATHS[form], values);
    if (answer.customer) yield put(customerCreated(answer.customer));
    if (answer.workshop) yield put(workshopCreated(answer.workshop));
    yield put(recordAdded({ form, message: said(answer) }));
  } catch (error) {
    yield put(recordAddFailed({ form, notice: failure(error, `users:forms.${form}.failed`) }));
  }
}

export function* usersSaga() {
  yield all([takeLatest(usersRequested.type, loadUsers), takeEvery(roleAssignRequested.type, assignRole), takeLeading(addFormSubmitted.type, addRecord)]);
}

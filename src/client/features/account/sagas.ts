import { all, call, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { API, type WorkshopDto } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import { loggedIn, loggedOut } from '../session';
import { languageChosen, languageSaveFailed } from './language';
import {
  type OwnCustomer,
  ownCustomerFailed,
  ownCustomerLoaded,
  ownCustomerRequested,
  ownWorkshopFailed,
  ownWorkshopLoaded,
  ownWorkshopRequested,
} from './ownProfile';
import { passwordChanged, passwordChangeFailed, passwordChangeRequested } from './slice';

function* changePassword(action: ReturnType<typeof passwordChangeRequested>) {
  try {
    yield call(http.post, API.changePassword, action.payload);
    yield put(passwordChanged());
  } catch (error) {
    yield put(passwordChangeFailed(failure(error, 'account:failed')));
  }
}

/** Saves a language menu's choice to the user's account; the screens have switched already. */
function* saveLanguage(action: ReturnType<typeof languageChosen>) {
  try {
    yield call(http.put, API.myLanguage, { language: action.payload });
  } catch (error) {
    yield put(languageSaveFailed(failure(error, 'common:language.failed')));
  }
}

/** Runs `read` unless the session changes first: the next user must never get this one's record. */
function* untilSessionChanges(read: () => Generator) {
  yield race([call(read), take([loggedIn.type, loggedOut.type])]);
}

function* readOwnWorkshop() {
  try {
    const { workshop }: { workshop: WorkshopDto } = yield call(http.get, API.myWorkshop);
    yield put(ownWorkshopLoaded(workshop));
  } catch (error) {
    yield put(ownWorkshopFailed(failure(error, 'account:profileFailed')));
  }
}

function* readOwnCustomer() {
  try {
    const { customer }: { customer: OwnCustomer } = yield call(http.get, API.myCustomer);
    yield put(ownCustomerLoaded(customer));
  } catch (error) {
    yield put(ownCustomerFailed(failure(error, 'account:profileFailed')));
  }
}

export function* accountSaga() {
  yield all([
    takeLatest(passwordChangeRequested.type, changePassword),
    takeLatest(languageChosen.type, saveLanguage),
    // A read under way serves every screen that asks meanwhile.
    takeLeading(ownWorkshopRequested.type, untilSessionChanges, readOwnWorkshop),
    takeLeading(ownCustomerRequested.type, untilSessionChanges, readOwnCustomer),
  ]);
}

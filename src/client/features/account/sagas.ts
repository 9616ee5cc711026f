import { all, call, takeLatest, takeLeading } from 'redux-saga/effects';
import { API, type WorkshopDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { untilSessionChanges } from '../session';
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
  yield* callAndStore(call(http.post, API.changePassword, action.payload), () => passwordChanged(), passwordChangeFailed, 'account:failed');
}

/** Saves a language menu's choice to the user's account; the screens have switched already. */
function* saveLanguage(action: ReturnType<typeof languageChosen>) {
  yield* callAndStore(call(http.put, API.myLanguage, { language: action.payload }), () => [], languageSaveFailed, 'common:language.failed');
}

function* readOwnWorkshop() {
  yield* callAndStore(call(http.get, API.myWorkshop), (answer: { workshop: WorkshopDto }) => ownWorkshopLoaded(answer.workshop), ownWorkshopFailed, 'account:profileFailed');
}

function* readOwnCustomer() {
  yield* callAndStore(call(http.get, API.myCustomer), (answer: { customer: OwnCustomer }) => ownCustomerLoaded(answer.customer), ownCustomerFailed, 'account:profileFailed');
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

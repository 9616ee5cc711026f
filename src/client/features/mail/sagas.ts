import { call, takeLatest } from 'redux-saga/effects';
import { API, type FailedMailDto, type SaidBody } from '../../../shared/api';
import { callAndStore } from '../../api/callAndStore';
import { http } from '../../api/http';
import { said } from '../../api/said';
import { failedMailsFailed, failedMailsLoaded, failedMailsRequested, mailRetried, mailRetryFailed, mailRetryRequested } from './slice';

function* loadFailed() {
  yield* callAndStore(call(http.get, API.failedMails), (answer: { mails: FailedMailDto[] }) => failedMailsLoaded(answer.mails ?? []), failedMailsFailed, 'mail:loadFailed');
}

function* retry({ payload: id }: ReturnType<typeof mailRetryRequested>) {
  yield* callAndStore(
    call(http.post, API.failedMailRetry(id)),
    (answer: Partial<SaidBody>) => mailRetried({ id, notice: answer.message ? { kind: 'success', ...said(answer) } : { kind: 'success', key: 'mail:retried' } }),
    mailRetryFailed,
    'mail:retryFailed',
  );
}

export function* mailSaga() {
  yield takeLatest(failedMailsRequested.type, loadFailed);
  yield takeLatest(mailRetryRequested.type, retry);
}

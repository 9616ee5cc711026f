import { all, call, put, takeEvery } from 'redux-saga/effects';
import { request } from '../../api/http';
import { failure } from '../../api/failure';
import { mutationFailed, mutationRequested, mutationSucceeded, resourceFailed, resourceLoaded, resourceRequested, resourceRowReplaced } from './slice';

function* load(action: ReturnType<typeof resourceRequested>) {
  const { key, path, fallback } = action.payload;
  try {
    const data: unknown = yield call(request, 'GET', path);
    yield put(resourceLoaded({ key, data }));
  } catch (error) {
    yield put(resourceFailed({ key, notice: failure(error, fallback) }));
  }
}

function* mutate(action: ReturnType<typeof mutationRequested>) {
  const { key, method, path, body, fallback, reload = [], patch } = action.payload;
  try {
    const data: { message?: string; order?: { id: number } } | null = yield call(request, method, path, body ?? (method === 'DELETE' ? undefined : {}));
    if (patch && data?.order) yield put(resourceRowReplaced({ ...patch, row: data.order }));
    yield put(mutationSucceeded({ key, data, notice: data?.message ? { kind: 'success', text: data.message } : null }));
    for (const target of reload) yield put(resourceRequested({ ...target, fallback }));
  } catch (error) {
    yield put(mutationFailed({ key, notice: failure(error, fallback) }));
  }
}

export function* resourcesSaga() {
  yield all([takeEvery(resourceRequested.type, load), takeEvery(mutationRequested.type, mutate)]);
}

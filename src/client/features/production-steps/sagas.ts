import { all, call, put, takeEvery } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type ProductionStepDto, type SaidBody } from '../../../shared/api';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
import { said } from '../../api/said';
import {
  selectStepsStatus,
  stepCreateRequested,
  stepDeleted,
  stepDeleteRequested,
  stepSaved,
  stepsFailed,
  stepsLoaded,
  stepsRequested,
  stepUpdateRequested,
} from './slice';

type Saved = { production_step: ProductionStepDto } & SaidBody;

function* load() {
  try {
    const { production_steps }: { production_steps: ProductionStepDto[] } = yield call(http.get, API.productionSteps);
    yield put(stepsLoaded(production_steps));
  } catch (error) {
    yield put(stepsFailed({ notice: failure(error, 'steps:loadFailed'), loading: true }));
  }
}

function* create(action: ReturnType<typeof stepCreateRequested>) {
  try {
    const saved: Saved = yield call(http.post, API.productionSteps, action.payload);
    yield put(stepSaved({ step: saved.production_step, message: said(saved) }));
  } catch (error) {
    yield put(stepsFailed({ notice: failure(error, 'steps:createFailed') }));
  }
}

function* update(action: ReturnType<typeof stepUpdateRequested>) {
  const { id, ...input } = action.payload;
  try {
    const saved: Saved = yield call(http.put, API.productionStep(id), input);
    yield put(stepSaved({ step: saved.production_step, message: said(saved) }));
  } catch (error) {
    yield put(stepsFailed({ notice: failure(error, 'steps:updateFailed') }));
  }
}

function* remove(action: ReturnType<typeof stepDeleteRequested>) {
  try {
    const answer: SaidBody = yield call(http.delete, API.productionStep(action.payload.id));
    yield put(stepDeleted({ id: action.payload.id, message: said(answer) }));
  } catch (error) {
    yield put(stepsFailed({ notice: failure(error, 'steps:deleteFailed') }));
  }
}

export function* stepsSaga() {
  yield all([
    takeLoadOnce(stepsRequested.type, selectStepsStatus, load),
    takeEvery(stepCreateRequested.type, create),
    takeEvery(stepUpdateRequested.type, update),
    takeEvery(stepDeleteRequested.type, remove),
  ]);
}

import { all, call, takeEvery } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type ProductionStepDto, type SaidBody } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
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

const stepSavedOf = (saved: { production_step: ProductionStepDto } & SaidBody) => stepSaved({ step: saved.production_step, message: said(saved) });

function* load() {
  yield* callAndStore(
    call(http.get, API.productionSteps),
    (answer: { production_steps: ProductionStepDto[] }) => stepsLoaded(answer.production_steps),
    (notice) => stepsFailed({ notice, loading: true }),
    'steps:loadFailed',
  );
}

function* create(action: ReturnType<typeof stepCreateRequested>) {
  yield* callAndStore(call(http.post, API.productionSteps, action.payload), stepSavedOf, (notice) => stepsFailed({ notice }), 'steps:createFailed');
}

function* update(action: ReturnType<typeof stepUpdateRequested>) {
  const { id, ...input } = action.payload;
  yield* callAndStore(call(http.put, API.productionStep(id), input), stepSavedOf, (notice) => stepsFailed({ notice }), 'steps:updateFailed');
}

function* remove(action: ReturnType<typeof stepDeleteRequested>) {
  const { id } = action.payload;
  yield* callAndStore(
    call(http.delete, API.productionStep(id)),
    (answer: SaidBody) => stepDeleted({ id, message: said(answer) }),
    (notice) => stepsFailed({ notice }),
    'steps:deleteFailed',
  );
}

export function* stepsSaga() {
  yield all([
    takeLoadOnce(stepsRequested.type, selectStepsStatus, load),
    takeEvery(stepCreateRequested.type, create),
    takeEvery(stepUpdateRequested.type, update),
    takeEvery(stepDeleteRequested.type, remove),
  ]);
}

import { createEntityAdapter, createSelector, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductionStepDto } from '../../../shared/api';
import type { NoticeLike, Sentence } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';

const adapter = createEntityAdapter<ProductionStepDto>();

export interface StepInput {
  step_name: string;
  description: string;
}

/** The notice tells of the load and of each change. */
export interface StepsExtra extends Loadable {
  busy: boolean;
  /** The step the last save that succeeded wrote, null from the start of the next change: its forms empty or close on it. */
  saved: number | null;
}

const initialState = adapter.getInitialState<StepsExtra>({ status: 'idle', notice: null, busy: false, saved: null });

function started(state: StepsExtra) {
  state.busy = true;
  state.notice = null;
  state.saved = null;
}

/** The production steps, loaded once per session and shared by the settings tab, the routing editor and the step names of order lines. */
export const stepsSlice = createSlice({
  name: 'steps',
  initialState,
  reducers: {
    /** A screen needs the steps; once they are loaded this changes nothing and the saga makes no call. */
    stepsRequested: loadAsked,
    stepsLoaded: (state, action: PayloadAction<ProductionStepDto[]>) => {
      adapter.setAll(state, action.payload);
      loaded(state);
    },
    stepCreateRequested: (state, _action: PayloadAction<StepInput>) => started(state),
    stepUpdateRequested: (state, _action: PayloadAction<{ id: number } & StepInput>) => started(state),
    stepDeleteRequested: (state, _action: PayloadAction<{ id: number }>) => started(state),
    stepSaved: (state, action: PayloadAction<{ step: ProductionStepDto; message: Sentence }>) => {
      adapter.upsertOne(state, action.payload.step);
      state.busy = false;
      state.saved = action.payload.step.id;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    stepDeleted: (state, action: PayloadAction<{ id: number; message: Sentence }>) => {
      adapter.removeOne(state, action.payload.id);
      state.busy = false;
      state.notice = { kind: 'success', ...action.payload.message };
    },
    stepsFailed: (state, action: PayloadAction<{ notice: NoticeLike; loading?: boolean }>) => {
      state.busy = false;
      state.notice = action.payload.notice;
      if (action.payload.loading) state.status = 'failed';
    },
  },
  // Another user's session starts with nothing of the last one.
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const { stepsRequested, stepsLoaded, stepCreateRequested, stepUpdateRequested, stepDeleteRequested, stepSaved, stepDeleted, stepsFailed } =
  stepsSlice.actions;

type State = { steps: ReturnType<typeof stepsSlice.reducer> };
export const { selectAll: selectSteps } = adapter.getSelectors((state: State) => state.steps);
export const selectStepsState = (state: State) => state.steps;
export const selectStepsStatus = (state: State) => state.steps.status;
/** Step names by id, rebuilt only when the steps change. */
export const selectStepNames = createSelector([selectSteps], (steps) => new Map(steps.map((step) => [step.id, step.step_name])));

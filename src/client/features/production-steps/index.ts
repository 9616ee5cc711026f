/* The production steps as other features see them: one list, loaded once. */
export { stepsSlice, stepsRequested, selectSteps, selectStepsStatus, selectStepNames } from './slice';
export { useStepNames } from './names';
export { stepsSaga } from './sagas';
export { ProductionStepsPanel } from './ProductionStepsPanel';

import { object } from 'yup';
import { GRID_VIEW_NAME_MAX, GRID_VIEW_STATE_MAX_BYTES } from '../grid-views';
import { text } from './fields';

/** A view's name: one line of 1 to GRID_VIEW_NAME_MAX characters once trimmed. */
const name = () =>
  text()
    .typeError('validation:gridViewNameRequired')
    .nonNullable('validation:gridViewNameRequired')
    .trim()
    .min(1, 'validation:gridViewNameRequired')
    .max(GRID_VIEW_NAME_MAX, 'validation:gridViewNameTooLong')
    // A name is shown in a menu: a tab or a line break (which text() lets through) has no place in it.
    .matches(/^[^\t\n]*$/, 'validation:gridViewNameOneLine');

/**
 * A grid's state: a JSON object, stored as text and never interpreted by the server. Its size and
 * depth are checked where it is stored (`storedViewState` of shared/grid-views.ts).
 */
const state = () =>
  object()
    .typeError('validation:gridViewStateInvalid')
    .nonNullable('validation:gridViewStateInvalid')
    .meta({ description: `any JSON object of at most ${GRID_VIEW_STATE_MAX_BYTES / 1024} KB as JSON (the grid's own state), stored as it is` });

/** PUT /api/v1/me/grid-views/{grid}/current: the user's current, unnamed state of the grid. */
export const currentGridStateSchema = object({
  state: state().required('validation:gridViewStateInvalid'),
});

/** POST /api/v1/me/grid-views/{grid}: a new named view. */
export const gridViewSchema = object({
  name: name().required('validation:gridViewNameRequired'),
  state: state().required('validation:gridViewStateInvalid'),
});

/** PUT /api/v1/me/grid-views/{grid}/{id}: a new name, a new state or both; what is left out stays. */
export const gridViewChangeSchema = object({
  name: name(),
  state: state(),
});

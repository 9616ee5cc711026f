import type { UnknownAction } from '@reduxjs/toolkit';
import { put } from 'redux-saga/effects';
import type { NoticeLike } from '../components/NoticeView';
import { failure } from './failure';

/** What callAndStore returns when the call failed: its failure has been put. */
export const FAILED = Symbol('failed');

/**
 * The one way a saga asks the server: it yields the call and puts what `stored` makes of the
 * answer; a refusal or a lost connection, or an answer the store cannot take, is put as `failed`
 * with its sentence (the server's, else `fallbackKey`). Returns the answer, or FAILED.
 */
export function* callAndStore<T>(
  effect: unknown,
  stored: (answer: T) => UnknownAction | UnknownAction[],
  failed: (notice: NoticeLike & { kind: 'error' }) => UnknownAction,
  fallbackKey: string,
): Generator<unknown, T | typeof FAILED, T> {
  try {
    const answer: T = yield effect;
    for (const action of [stored(answer)].flat()) yield put(action);
    return answer;
  } catch (error) {
    yield put(failed(failure(error, fallbackKey)));
    return FAILED;
  }
}

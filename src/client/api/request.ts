import type { UnknownAction } from '@reduxjs/toolkit';
import { put } from 'redux-saga/effects';
import type { NoticeLike } from '../components/NoticeView';
import { failure } from './failure';

/** Marks a request that failed: its failure has been put and there is no answer to store. */
export const FAILED = Symbol('failed');

/**
 * The one way a saga asks the server: it yields the call and returns the answer; a refusal or a
 * lost connection is put as `failed` with its sentence (the server's, else `fallbackKey`), and
 * FAILED returned so the caller stores nothing.
 */
export function* request<T>(
  effect: unknown,
  failed: (notice: NoticeLike & { kind: 'error' }) => UnknownAction,
  fallbackKey: string,
): Generator<unknown, T | typeof FAILED, T> {
  try {
    return yield effect;
  } catch (error) {
    yield put(failed(failure(error, fallbackKey)));
    return FAILED;
  }
}

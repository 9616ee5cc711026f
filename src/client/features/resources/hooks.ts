import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { mutationCleared, mutationRequested, type MutationRequest, resourceRequested } from './slice';

/** Loads `path` under `key` on mount (and when the path changes); returns its state and a reload. */
export function useResource<T>(key: string, path: string, fallback: string) {
  const dispatch = useAppDispatch();
  const resource = useAppSelector((state) => state.resources.resources[key]);
  const reload = useCallback(() => dispatch(resourceRequested({ key, path, fallback })), [dispatch, key, path, fallback]);
  useEffect(() => {
    reload();
  }, [reload]);
  return {
    status: resource?.status ?? 'loading',
    data: (resource?.data ?? null) as T | null,
    notice: resource?.notice ?? null,
    reload,
  };
}

/** A write under `key`: its state and a function that sends it. */
export function useMutation(key: string) {
  const dispatch = useAppDispatch();
  const mutation = useAppSelector((state) => state.resources.mutations[key]);
  const send = useCallback((request: Omit<MutationRequest, 'key'>) => dispatch(mutationRequested({ ...request, key })), [dispatch, key]);
  const clear = useCallback(() => dispatch(mutationCleared({ key })), [dispatch, key]);
  useEffect(
    () => () => {
      clear();
    },
    [clear],
  );
  return { status: mutation?.status ?? 'idle', notice: mutation?.notice ?? null, data: mutation?.data ?? null, send, clear };
}

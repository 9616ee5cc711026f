import type { NoticeLike } from '../components/NoticeView';

/** 'ready' once the answer is in the store; 'idle' until a screen first asks. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The one shape of server data held on the client: how far its read got, and why it failed. */
export interface Loadable {
  status: LoadStatus;
  notice: NoticeLike | null;
}

export const notLoaded = (): Loadable => ({ status: 'idle', notice: null });

/** A read begins (again): its last failure is no longer the news. */
export function loading(state: Loadable): void {
  state.status = 'loading';
  state.notice = null;
}

/** A screen asking for data loaded once: what is loaded stays as it is. */
export function loadAsked(state: Loadable): void {
  if (state.status !== 'ready') loading(state);
}

export function loaded(state: Loadable): void {
  state.status = 'ready';
  state.notice = null;
}

export function loadFailed(state: Loadable, notice: NoticeLike | null): void {
  state.status = 'failed';
  state.notice = notice;
}

/** One read among many kept by id (a workshop, a scope), made the first time it is asked for. */
export function readOf(reads: Record<number, Loadable>, id: number): Loadable {
  return (reads[id] ??= notLoaded());
}

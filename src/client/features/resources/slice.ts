import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike } from '../../components/NoticeView';

/*
 * Plain reads and writes of screens that need no state of their own: one generic request saga
 * serves them all. A resource is a GET kept under a key; a mutation is a write whose outcome is
 * kept under a key and which reloads the resources it names.
 */

export interface Resource {
  status: 'loading' | 'ready' | 'failed';
  data: unknown;
  notice: NoticeLike | null;
}

export interface Mutation {
  status: 'busy' | 'done' | 'failed';
  notice: NoticeLike | null;
  data: unknown;
}

export interface ResourcesState {
  resources: Record<string, Resource>;
  mutations: Record<string, Mutation>;
}

export interface MutationRequest {
  key: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Catalogue key shown when the server sends no sentence. */
  fallback: string;
  /** Resources to load again after success. */
  reload?: Array<{ key: string; path: string }>;
  /** A list resource whose row the answer's `order` replaces (matched by id), instead of a reload. */
  patch?: { key: string; list: string };
}

const initialState: ResourcesState = { resources: {}, mutations: {} };

export const resourcesSlice = createSlice({
  name: 'resources',
  initialState,
  reducers: {
    resourceRequested: (state, action: PayloadAction<{ key: string; path: string; fallback: string }>) => {
      const previous = state.resources[action.payload.key];
      state.resources[action.payload.key] = { status: 'loading', data: previous?.data ?? null, notice: null };
    },
    resourceLoaded: (state, action: PayloadAction<{ key: string; data: unknown }>) => {
      state.resources[action.payload.key] = { status: 'ready', data: action.payload.data, notice: null };
    },
    resourceFailed: (state, action: PayloadAction<{ key: string; notice: NoticeLike }>) => {
      const previous = state.resources[action.payload.key];
      state.resources[action.payload.key] = { status: 'failed', data: previous?.data ?? null, notice: action.payload.notice };
    },
    resourceRowReplaced: (state, action: PayloadAction<{ key: string; list: string; row: { id: number } }>) => {
      const { key, list, row } = action.payload;
      const rows = (state.resources[key]?.data as Record<string, Array<{ id: number }>> | null)?.[list];
      const index = rows?.findIndex((r) => r.id === row.id) ?? -1;
      if (rows && index >= 0) rows[index] = row;
    },
    mutationRequested: (state, action: PayloadAction<MutationRequest>) => {
      state.mutations[action.payload.key] = { status: 'busy', notice: null, data: null };
    },
    mutationSucceeded: (state, action: PayloadAction<{ key: string; data: unknown; notice: NoticeLike | null }>) => {
      state.mutations[action.payload.key] = { status: 'done', notice: action.payload.notice, data: action.payload.data };
    },
    mutationFailed: (state, action: PayloadAction<{ key: string; notice: NoticeLike }>) => {
      state.mutations[action.payload.key] = { status: 'failed', notice: action.payload.notice, data: null };
    },
    mutationCleared: (state, action: PayloadAction<{ key: string }>) => {
      delete state.mutations[action.payload.key];
    },
  },
});

export const { resourceRequested, resourceLoaded, resourceFailed, resourceRowReplaced, mutationRequested, mutationSucceeded, mutationFailed, mutationCleared } =
  resourcesSlice.actions;

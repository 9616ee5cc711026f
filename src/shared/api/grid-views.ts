import type { GridStateJson } from '../grid-views';

/* A user's saved views of a grid. */

/** A named view of a grid as the user saved it; `state` is the object the client sent, never interpreted by the server. */
export interface GridViewDto {
  id: number;
  name: string;
  state: GridStateJson;
  updated_at: string;
}

/** GET /api/v1/me/grid-views/{grid}: the user's current (unnamed) state, null before the first save, and their named views. */
export interface GridViewsDto {
  current: GridStateJson | null;
  views: GridViewDto[];
}

import { all, call, select, takeLatest } from 'redux-saga/effects';
import { setDayRange } from '../../components/dates';
import { DEFAULT_SETTINGS, type GeneralSettings } from '../../../shared/schemas/settings';
import { API, type AuditEntryDto, type UserDto } from '../../../shared/api';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { takeLoadOnce } from '../session';
import { selectGeneralSettings } from '../settings';
import {
  type AuditFilters,
  auditLogFailed,
  auditLogLoaded,
  auditLogRequested,
  auditUsersFailed,
  auditUsersLoaded,
  auditUsersRequested,
  selectAudit,
  selectAuditUsers,
} from './slice';

/** The read a page stands for: the days become the instants they start and end at in the office's time zone (both included). */
export function auditLogPath(filters: AuditFilters, offset: number, limit: number, timeZone: string): string {
  const query = new URLSearchParams();
  if (filters.kind) query.set('kind', filters.kind);
  if (filters.userId) query.set('user_id', filters.userId);
  if (filters.entityId.trim()) query.set('entity_id', filters.entityId.trim());
  setDayRange(query, filters.from, filters.to, timeZone);
  query.set('limit', String(limit));
  if (offset > 0) query.set('offset', String(offset));
  return `${API.auditLog}?${query}`;
}

function* loadPage(action: ReturnType<typeof auditLogRequested>) {
  const { filters, offset } = action.payload;
  const { limit }: ReturnType<typeof selectAudit> = yield select(selectAudit);
  const settings: GeneralSettings | null = yield select(selectGeneralSettings);
  const path = auditLogPath(filters, offset, limit, settings?.time_zone ?? DEFAULT_SETTINGS.time_zone);
  yield* callAndStore(
    call(http.get, path),
    (answer: { audit_log: AuditEntryDto[]; total: number }) => auditLogLoaded({ entries: answer.audit_log ?? [], total: answer.total ?? 0 }),
    auditLogFailed,
    'audit:loadFailed',
  );
}

function* loadUsers() {
  yield* callAndStore(
    call(http.get, API.users),
    (answer: { users: UserDto[] }) => auditUsersLoaded((answer.users ?? []).map(({ id, username }) => ({ id, username }))),
    auditUsersFailed,
    'audit:usersFailed',
  );
}

export function* auditSaga() {
  yield all([
    // A newer request (another filter, another page) replaces one still under way.
    takeLatest(auditLogRequested.type, loadPage),
    takeLoadOnce(auditUsersRequested.type, (state: Parameters<typeof selectAuditUsers>[0]) => selectAuditUsers(state).status, loadUsers),
  ]);
}

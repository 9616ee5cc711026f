import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCELED, shownStatus, type StatusLine } from '../../../shared/statuses';
import { useFormatters, useLookups } from './hooks';

/** What a line's status text reads: its status, and when and why it was canceled. */
export interface CancelableLine extends StatusLine {
  cancel_reason: string | null;
}

/**
 * A line's shown status (shared/statuses `shownStatus`) in the reader's language: `name` is its
 * status's name, 'İptal edildi' for a canceled line; `told` adds why and when it was canceled, for
 * a list, a detail or a sheet with no columns of their own for them.
 */
export function statusTexts(t: TFunction, names: ReadonlyMap<number, string>, date: (iso: string) => string) {
  const canceled = t('common:lineStatus.canceled');
  const name = (line: StatusLine) => {
    const shown = shownStatus(line);
    return shown === CANCELED ? canceled : (names.get(shown) ?? String(shown));
  };
  const told = (line: CancelableLine) => {
    if (line.canceled_at === null) return name(line);
    const at = date(line.canceled_at);
    return line.cancel_reason ? t('common:lineStatus.canceledWhy', { reason: line.cancel_reason, at }) : t('common:lineStatus.canceledWhen', { at });
  };
  return { name, told };
}

/** `statusTexts` in the reader's language, with the loaded status names and the office's dates. */
export function useStatusTexts() {
  const { t } = useTranslation();
  const { status } = useLookups();
  const { date } = useFormatters();
  return useMemo(() => statusTexts(t, status, date), [t, status, date]);
}

import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { reconnectRequested, selectLiveStatus } from './slice';

/**
 * The header's pill: whether changes made elsewhere show on this screen by themselves. Offline, it
 * offers a new round of attempts. `data-live-state` lets browser tests wait for a state.
 */
export function LiveIndicator() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectLiveStatus);
  if (status === 'idle') return null;
  return (
    <span className="live">
      <span role="status" className={`live-pill ${status}`} data-live-state={status}>
        {t(`live.${status}`)}
      </span>
      {status === 'offline' && (
        <button type="button" className="link" onClick={() => dispatch(reconnectRequested())}>
          {t('live.reconnect')}
        </button>
      )}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { Scorecard } from '../scorecard';
import { selectFlow } from './slice';

/** The flow screen's scorecard: of the workshop the report was last asked about, once the form names one. */
export function FlowScorecard() {
  const { t } = useTranslation('scorecard');
  const { query } = useAppSelector(selectFlow);
  const workshop = new URLSearchParams(query ?? '').get('workshop_id');
  if (workshop === null) {
    return (
      <section className="card scorecard" aria-labelledby="scorecard-none">
        <h2 id="scorecard-none">{t('title')}</h2>
        <p>{t('chooseWorkshop')}</p>
      </section>
    );
  }
  return <Scorecard workshopId={Number(workshop)} />;
}

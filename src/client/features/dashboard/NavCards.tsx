import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A grid of cards, each leading to a screen; `card` names its texts in dashboard.cards. */
export function NavCards({ cards }: { cards: ReadonlyArray<{ card: string; to?: string }> }) {
  const { t } = useTranslation('dashboard');
  return (
    <nav className="cards">
      {cards.map(({ card, to }) => {
        const body = (
          <>
            <h3>{t(`cards.${card}.title`)}</h3>
            <p>{t(`cards.${card}.text`)}</p>
          </>
        );
        return to ? (
          <Link key={card} to={to} className="card nav-card">
            {body}
          </Link>
        ) : (
          <div key={card} className="card">
            {body}
          </div>
        );
      })}
    </nav>
  );
}

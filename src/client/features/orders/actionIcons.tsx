/* The row actions' icons: drawn with the text colour, hidden from screen readers (the button carries the name). */

const icon = (path: string) =>
  function ActionIcon() {
    return (
      <svg className="action-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  };

/** A magnifier: the piece is looked over. */
export const QualityIcon = icon('M7 2.5a4.5 4.5 0 1 1 0 9a4.5 4.5 0 0 1 0-9ZM10.3 10.3 14 14M5 7l1.5 1.5L9 5.8');
/** A box: the piece is packed. */
export const PackingIcon = icon('M2 5l6-3 6 3v6l-6 3-6-3ZM2 5l6 3 6-3M8 8v6');
/** A pencil: the line is corrected. */
export const CorrectIcon = icon('M10.5 2.5l3 3L6 13H3v-3ZM9 4l3 3');
/** A clock: the line's history. */
export const HistoryIcon = icon('M8 2a6 6 0 1 1 0 12A6 6 0 0 1 8 2ZM8 5v3l2 2');

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRAMS } from '../../../shared/decimal';
import { NumberNote, numberInput, useTypedNumbers } from '../../components/numberFields';
import { useFormatters } from '../lookups';
import type { OpenedEditor } from './gridCells';

/**
 * The gram cell's editor, opened over the cell: the gram as a scale's reading (shared/decimal.ts),
 * with the gram it will save, or why it is refused, under it before Enter saves. It hands the grid
 * the text; the screen reads it again and says why when it is refused.
 */
export function GramEditor({ initialValue, eventKey, onValueChange }: OpenedEditor) {
  const { t } = useTranslation('orders');
  const fmt = useFormatters();
  const { read, write } = useTypedNumbers();
  // A key typed on the cell starts the text, as in the grid's own editors.
  const [text, setText] = useState(() => (eventKey && eventKey.length === 1 ? eventKey : typeof initialValue === 'number' ? write(initialValue, GRAMS) : ''));
  const input = useRef<HTMLInputElement>(null);
  // Once, as the editor opens.
  const opened = useRef({ eventKey, onValueChange });
  useEffect(() => {
    input.current?.focus();
    const { eventKey: key, onValueChange: change } = opened.current;
    if (key && key.length === 1) change(key);
  }, []);
  return (
    <div className="cell-number-editor">
      <input
        ref={input}
        {...numberInput(GRAMS)}
        aria-label={t('editGram')}
        maxLength={20}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onValueChange(event.target.value);
        }}
      />
      <NumberNote typed={read(text, GRAMS)} preview={(gram) => fmt.gram(gram)} />
    </div>
  );
}

import { type GridTexts, loadGridTexts } from '../../app/languageChunks';

/*
 * AG Grid's own texts in a language, each language's asked for once: the screen asks as it opens,
 * beside the grid's code and its saved views, and the grid takes them as they are once in.
 */
const asked = new Map<string, Promise<GridTexts | null>>();
const loaded = new Map<string, { texts: GridTexts | null }>();

export function gridTextsOf(language: string): Promise<GridTexts | null> {
  let texts = asked.get(language);
  if (!texts) {
    asked.set(language, (texts = loadGridTexts(language)));
    void texts.then((value) => loaded.set(language, { texts: value }));
  }
  return texts;
}

/** The texts of `language` once they are in (`texts` null where the grid's built-in English serves); undefined before. */
export const loadedGridTexts = (language: string) => loaded.get(language);

/* Modules the build makes from a language folder (locales/loader.ts); the pseudo ones are imported by name. */

declare module '*?catalogue&pseudo' {
  const catalogue: Record<string, Record<string, unknown>>;
  export default catalogue;
}

declare module '*?grid&pseudo' {
  const texts: Record<string, string>;
  export default texts;
}

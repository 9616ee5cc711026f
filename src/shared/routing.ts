/**
 * The process a product without a saved routing follows (SPEC section 7): cutting, welding,
 * polishing, quality control. Keys name the steps in the catalogues; the Turkish names are the
 * production step names the server uses for them.
 */
export const FALLBACK_ROUTING = [
  { key: 'cutting', stepName: 'Kesim' },
  { key: 'welding', stepName: 'Kaynak' },
  { key: 'polishing', stepName: 'Cila' },
  { key: 'qualityControl', stepName: 'Kalite Kontrol' },
] as const;

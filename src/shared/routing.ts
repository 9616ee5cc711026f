/**
 * The process a product without a saved routing follows (SPEC section 7): cutting, welding,
 * polishing, quality control. Each key names a step in the catalogues and marks its production
 * step (`built_in`), so the step is found whatever the office renames it to.
 */
export const FALLBACK_ROUTING = ['cutting', 'welding', 'polishing', 'qualityControl'] as const;

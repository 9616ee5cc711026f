import productCatalogue from '../../locales/tr/catalogue.json';

/**
 * The process a product without a saved routing follows (SPEC section 7): cutting, welding,
 * polishing, quality control. Each key names a step in the catalogues and marks its production
 * step (`built_in`), so the step is found whatever the office renames it to.
 */
export const FALLBACK_ROUTING = ['cutting', 'welding', 'polishing', 'qualityControl'] as const;

export type BuiltInStep = (typeof FALLBACK_ROUTING)[number];

/**
 * The name each built-in step has in the product's language (its catalogue), which the migrations
 * gave it: while a step keeps it, every reader sees the step's name in their own language.
 */
export const BUILT_IN_NAMES: Readonly<Record<BuiltInStep, string>> = productCatalogue.fallbackSteps;

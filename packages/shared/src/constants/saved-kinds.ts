/**
 * What a person can save. Apart from saved.schema.ts (which re-exports it) so that the web app's
 * routes can read it without bringing zod into the first load.
 */
export const SAVED_KINDS = ['job', 'ad'] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];

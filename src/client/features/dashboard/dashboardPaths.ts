/**
 * The addresses of the dashboard and of 'Groepsbundel'. Their links are in base/paths.ts
 * (paths.dashboard, paths.groupBundle), as most screens and the menu link to them as well.
 */
export const DASHBOARD = 'dashboard';
export const GROUP_BUNDLE = 'groepsbundel';

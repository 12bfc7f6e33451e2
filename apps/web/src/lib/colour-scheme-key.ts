/**
 * Where the chosen colour mode is remembered (Mantine's manager, the public pages' toggle, and
 * public/color-scheme.js, which applies it before the first paint). A file of its own: the public
 * pages' first script must not pull Mantine in with it.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

/** The year the web app was built (and its public pages prerendered); set by Vite's `define`. */
declare const __BUILD_YEAR__: number;

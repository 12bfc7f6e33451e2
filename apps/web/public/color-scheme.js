// Runs before the first paint (loaded synchronously in <head>) so a saved dark mode never flashes light.
// An external file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
(() => {
  let scheme = 'light';
  try {
    const saved = window.localStorage.getItem('mantine-color-scheme-value');
    if (saved === 'dark' || saved === 'light') scheme = saved;
  } catch {
    // storage blocked: keep light
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();

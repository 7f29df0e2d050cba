// Sets the colour scheme before the first paint (an external file, as the CSP allows no inline script).
(function () {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch (e) {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();

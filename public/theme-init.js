// Applies the saved language and theme before the first paint, so an Arabic dark page never flashes light LTR.
// Kept as a file (not inline) so the content security policy needs no 'unsafe-inline'.
(function () {
  try {
    var lang = localStorage.getItem("language") === "en" ? "en" : "ar";
    var dark = localStorage.getItem("darkMode") === "true";
    var html = document.documentElement;
    html.lang = lang;
    html.dir = lang === "ar" ? "rtl" : "ltr";
    if (dark) html.classList.add("dark");
  } catch {
    // Storage can be blocked (private mode, policies): keep the defaults written in the HTML.
  }
})();

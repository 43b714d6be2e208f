// The entry of the prerendered public pages (public.html; scripts/prerender.mjs writes one HTML file per page
// from it). It takes over the page's HTML with PublicApp — no router, query cache or Radix menu — so the landing
// page downloads a fraction of the app (npm run bench:web). Every other path gets the app (main.tsx).
import "@fontsource/ibm-plex-sans-arabic/400.css";
import "@fontsource/ibm-plex-sans-arabic/500.css";
import "@fontsource/ibm-plex-sans-arabic/600.css";
import "@fontsource/ibm-plex-sans-arabic/700.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PRERENDER_PAGES } from "./features/public/pages";
import { PublicApp } from "./features/public/public-app";
import { currentLanguage, whenLanguageReady } from "./lib/i18n";

async function start(): Promise<void> {
  const container = document.getElementById("root");
  const path = container?.dataset.prerendered;
  const page = PRERENDER_PAGES.find((p) => p.path === path);
  if (!container || !path || !page) throw new Error("public-main: this HTML is not a prerendered public page");

  const [Page] = await Promise.all([page.load(), whenLanguageReady()]);
  const app = (
    <StrictMode>
      <PublicApp path={path} Page={Page} />
    </StrictMode>
  );
  // The marker also hides the Arabic markup from an English reader (styles.css); from here React owns the page.
  container.removeAttribute("data-prerendered");
  // The HTML is Arabic (and light: the theme is a class outside #root). An English reader gets the page
  // rendered afresh in English instead of a hydration that cannot match.
  if (currentLanguage() === "ar") hydrateRoot(container, app);
  else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();

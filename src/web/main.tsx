import "@fontsource/ibm-plex-sans-arabic/400.css";
import "@fontsource/ibm-plex-sans-arabic/500.css";
import "@fontsource/ibm-plex-sans-arabic/600.css";
import "@fontsource/ibm-plex-sans-arabic/700.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders, createQueryClient } from "./app/providers";
import { createAppRouter, waitForRouter } from "./app/router";
import { currentLanguage } from "./lib/i18n";

const normalizePath = (p: string) => p.replace(/\/+$/, "") || "/";

/** Prerendered HTML for this very page (see RenderedPathMarker), not another page served as the SPA shell. */
function hasHtmlForThisPage(container: HTMLElement): boolean {
  const marker = container.querySelector<HTMLElement>("[data-rendered-path]");
  const rendered = marker?.dataset.renderedPath;
  return rendered !== undefined && normalizePath(rendered) === normalizePath(window.location.pathname);
}

async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");

  // Prerendered HTML is Arabic, light (the theme is a class outside #root) and signed out: hydrate it only when
  // it is this page's and the visitor reads Arabic. Otherwise drop it at once rather than show the wrong page.
  const hydrate = container.hasChildNodes() && currentLanguage() === "ar" && hasHtmlForThisPage(container);
  if (!hydrate) container.replaceChildren();

  const router = createAppRouter();
  const queryClient = createQueryClient();
  await waitForRouter(router);

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();

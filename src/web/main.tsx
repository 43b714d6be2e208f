// The app's entry: every path but the prerendered public pages (those have public-main.tsx). The server sends
// it the empty shell (spa.html), so there is nothing to hydrate.
import "@fontsource/ibm-plex-sans-arabic/400.css";
import "@fontsource/ibm-plex-sans-arabic/500.css";
import "@fontsource/ibm-plex-sans-arabic/600.css";
import "@fontsource/ibm-plex-sans-arabic/700.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders, createQueryClient } from "./app/providers";
import { createAppRouter, waitForRouter } from "./app/router";
import appAr from "@shared/i18n/app.ar.json";
import appEn from "@shared/i18n/app.en.json";
import { addAppShellTexts, loadBothLanguages } from "./lib/i18n";
import { installPrintHooks } from "./lib/print";

async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  const router = createAppRouter();
  const queryClient = createQueryClient();
  // Both languages before the first render: the app's toasts carry both (see bilingual() in lib/i18n.ts).
  await Promise.all([waitForRouter(router), loadBothLanguages()]);
  addAppShellTexts({ ar: appAr, en: appEn });
  installPrintHooks();
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();

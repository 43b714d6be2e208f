// Build-time rendering of the public pages (scripts/prerender.mjs builds this file for Node and calls render):
// the same PublicApp the browser hydrates (public-main.tsx), in Arabic and the light theme, signed out. Nothing
// here calls the network — effects do not run on the server, exactly as before the first client render — so
// the browser hydrates the HTML without a mismatch.
import { renderToString } from "react-dom/server";
import { PRERENDER_PAGES } from "@web/features/public/pages";
import { PublicApp } from "@web/features/public/public-app";
import i18n from "@web/lib/i18n";

export { PRERENDER_PAGES };

export type TRendered = { html: string; title: string; description: string };

export async function render(path: string): Promise<TRendered> {
  await i18n.changeLanguage("ar");
  const page = PRERENDER_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`not a prerendered page: ${path}`);
  const html = renderToString(<PublicApp path={path} Page={await page.load()} />);
  const t = i18n.getFixedT("ar");
  const publicT = i18n.getFixedT("ar", ["public", "pages"]); // page.load() brought the page's texts
  const title = page.titleKey
    ? t("common.pageTitle", { page: publicT(page.titleKey) })
    : `${t("common.siteName")} | ${t("common.siteTagline")}`;
  return { html, title, description: publicT(page.descriptionKey) };
}

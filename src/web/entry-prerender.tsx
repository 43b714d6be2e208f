// Build-time rendering of the public pages (scripts/prerender.mjs builds this file for Node and calls render).
// The same route table and providers as the browser (main.tsx), in Arabic and the light theme, signed out:
// nothing here calls the network — queries stay pending on the server, exactly as on the first client render,
// so the browser hydrates the HTML without a mismatch.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "@web/app/providers";
import { createAppRoutes } from "@web/app/routes";
import { PRERENDER_PAGES } from "@web/features/public/pages";
import i18n from "@web/lib/i18n";

export { PRERENDER_PAGES };

export type TRendered = { html: string; title: string; description: string; status: number };

export async function render(path: string): Promise<TRendered> {
  await i18n.changeLanguage("ar");
  const page = PRERENDER_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`not a prerendered page: ${path}`);

  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = renderToString(
    <AppProviders queryClient={createQueryClient()}>
      {/* hydrate={false}: no inline hydration-data script (the CSP allows none, and there is no loader data). */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );

  const t = i18n.getFixedT("ar");
  const title = page.titleKey
    ? t("common.pageTitle", { page: t(`public:${page.titleKey}`) })
    : `${t("common.siteName")} | ${t("common.siteTagline")}`;
  return { html, title, description: t(`public:${page.descriptionKey}`), status: context.statusCode };
}

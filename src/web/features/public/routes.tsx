// The public pages as children of the app's public layout (the index route is the home page), from the one list
// in pages.ts. Reached in the app by a click from a sign-in page or the dashboard; loaded directly, a public page
// is served prerendered with its own small entry instead (public-main.tsx).
import type { RouteObject } from "react-router";
import { PRERENDER_PAGES } from "./pages";

export const publicRoutes: RouteObject[] = PRERENDER_PAGES.map((page) => ({
  ...(page.path === "/" ? { index: true } : { path: page.path.slice(1) }),
  lazy: async () => ({ Component: await page.load() }),
}));

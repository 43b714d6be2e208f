// The public pages, one list for the three places that need them: the app's routes (routes.tsx), the public
// pages' own entry (public-main.tsx) and prerendering at build time (scripts/prerender.mjs). Each page is its own
// chunk, so "/" downloads only the home page's code.
import type { ComponentType } from "react";
import { loadPageTexts } from "@web/lib/i18n";

/** A page other than home: its code and its texts (the "pages" namespace) together. */
const withTexts = async <T,>(page: Promise<T>): Promise<T> => (await Promise.all([page, loadPageTexts()]))[0];

export type TPrerenderPage = {
  path: string;
  load: () => Promise<ComponentType>;
  /** The page module, relative to src/web (the key of Vite's build manifest). */
  module: string;
  /** Key in the "public" namespace (titles), or null for the home page (site name and tagline). */
  titleKey: string | null;
  /** Key in the "public" or "pages" namespace. */
  descriptionKey: string;
};

export const PRERENDER_PAGES: readonly TPrerenderPage[] = [
  {
    path: "/",
    load: async () => (await import("./pages/home-page")).HomePage,
    module: "features/public/pages/home-page.tsx",
    titleKey: null,
    descriptionKey: "home.hero.subtitle",
  },
  {
    path: "/about",
    load: async () => (await withTexts(import("./pages/about-page"))).AboutPage,
    module: "features/public/pages/about-page.tsx",
    titleKey: "meta.about",
    descriptionKey: "about.intro",
  },
  {
    path: "/features",
    load: async () => (await withTexts(import("./pages/features-page"))).FeaturesPage,
    module: "features/public/pages/features-page.tsx",
    titleKey: "meta.features",
    descriptionKey: "features.subtitle",
  },
  {
    path: "/services",
    load: async () => (await withTexts(import("./pages/services-page"))).ServicesPage,
    module: "features/public/pages/services-page.tsx",
    titleKey: "meta.services",
    descriptionKey: "services.subtitle",
  },
  {
    path: "/contact",
    load: async () => (await withTexts(import("./pages/contact-page"))).ContactPage,
    module: "features/public/pages/contact-page.tsx",
    titleKey: "meta.contact",
    descriptionKey: "contact.subtitle",
  },
  {
    path: "/qias-documents/calendar",
    load: async () => (await withTexts(import("./pages/calendar-page"))).CalendarPage,
    module: "features/public/pages/calendar-page.tsx",
    titleKey: "meta.calendar",
    descriptionKey: "calendar.subtitle",
  },
  {
    path: "/qias-documents/test-schedule",
    load: async () => (await withTexts(import("./pages/test-schedule-page"))).TestSchedulePage,
    module: "features/public/pages/test-schedule-page.tsx",
    titleKey: "meta.schedule",
    descriptionKey: "schedule.subtitle",
  },
  {
    path: "/digital-content",
    load: async () => (await withTexts(import("./pages/digital-content-page"))).DigitalContentPage,
    module: "features/public/pages/digital-content-page.tsx",
    titleKey: "meta.digital",
    descriptionKey: "digital.subtitle",
  },
  {
    path: "/external-tests",
    load: async () => (await withTexts(import("./pages/external-tests-page"))).ExternalTestsPage,
    module: "features/public/pages/external-tests-page.tsx",
    titleKey: "meta.external",
    descriptionKey: "external.disclaimer",
  },
];

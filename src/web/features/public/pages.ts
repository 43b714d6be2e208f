// The public pages that are prerendered at build time: their path, the source module of their lazy route
// (to preload its chunk in the generated HTML) and the i18n keys of their title and description.
export type TPrerenderPage = {
  path: string;
  /** The page module, relative to src/web (the key of Vite's build manifest). */
  module: string;
  /** Key in the "public" namespace, or null for the home page (site name and tagline). */
  titleKey: string | null;
  descriptionKey: string;
};

export const PRERENDER_PAGES: readonly TPrerenderPage[] = [
  { path: "/", module: "features/public/pages/home-page.tsx", titleKey: null, descriptionKey: "home.hero.subtitle" },
  { path: "/about", module: "features/public/pages/about-page.tsx", titleKey: "meta.about", descriptionKey: "about.intro" },
  { path: "/features", module: "features/public/pages/features-page.tsx", titleKey: "meta.features", descriptionKey: "features.subtitle" },
  { path: "/services", module: "features/public/pages/services-page.tsx", titleKey: "meta.services", descriptionKey: "services.subtitle" },
  { path: "/contact", module: "features/public/pages/contact-page.tsx", titleKey: "meta.contact", descriptionKey: "contact.subtitle" },
  {
    path: "/qias-documents/calendar",
    module: "features/public/pages/calendar-page.tsx",
    titleKey: "meta.calendar",
    descriptionKey: "calendar.subtitle",
  },
  {
    path: "/qias-documents/test-schedule",
    module: "features/public/pages/test-schedule-page.tsx",
    titleKey: "meta.schedule",
    descriptionKey: "schedule.subtitle",
  },
  {
    path: "/digital-content",
    module: "features/public/pages/digital-content-page.tsx",
    titleKey: "meta.digital",
    descriptionKey: "digital.subtitle",
  },
  {
    path: "/external-tests",
    module: "features/public/pages/external-tests-page.tsx",
    titleKey: "meta.external",
    descriptionKey: "external.disclaimer",
  },
];

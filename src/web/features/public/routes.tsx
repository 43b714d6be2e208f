// The public pages: the children of the public layout (the index route is the home page). Each page is its
// own chunk, loaded through React Router's `lazy`, so "/" downloads only the home page's code.
import type { RouteObject } from "react-router";

export const publicRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./pages/home-page")).HomePage }) },
  { path: "about", lazy: async () => ({ Component: (await import("./pages/about-page")).AboutPage }) },
  { path: "features", lazy: async () => ({ Component: (await import("./pages/features-page")).FeaturesPage }) },
  { path: "services", lazy: async () => ({ Component: (await import("./pages/services-page")).ServicesPage }) },
  { path: "contact", lazy: async () => ({ Component: (await import("./pages/contact-page")).ContactPage }) },
  {
    path: "qias-documents/calendar",
    lazy: async () => ({ Component: (await import("./pages/calendar-page")).CalendarPage }),
  },
  {
    path: "qias-documents/test-schedule",
    lazy: async () => ({ Component: (await import("./pages/test-schedule-page")).TestSchedulePage }),
  },
  {
    path: "digital-content",
    lazy: async () => ({ Component: (await import("./pages/digital-content-page")).DigitalContentPage }),
  },
  {
    path: "external-tests",
    lazy: async () => ({ Component: (await import("./pages/external-tests-page")).ExternalTestsPage }),
  },
];

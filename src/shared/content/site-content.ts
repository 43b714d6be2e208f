// The lists the public pages are built from: which cards exist, in what order, and their fixed facts.
// Their wording lives in the "public" i18n namespace under the same ids (src/shared/i18n/public.*.json);
// the icons are chosen in the web layer (shared code carries no React).

/** The three cards under the hero of the home page. */
export const KEY_FEATURES = ["assessment", "analytics", "plans"] as const;

/** The seven cards of /features (SPEC §2). */
export const FEATURES = [
  "standardizedTests",
  "questionTypes",
  "analytics",
  "aiPlans",
  "separateLogins",
  "studentPlans",
  "bilingual",
] as const;

/** The four services of /services (SPEC §2), each with three points in the i18n file. */
export const SERVICES = ["testing", "reporting", "plans", "training"] as const;
export const SERVICE_POINT_COUNT = 3;

/** The four items of /digital-content; all are "coming soon" with download disabled (SPEC §2). */
export const DIGITAL_CONTENT = [
  { id: "studentGuide", format: "PDF", available: false },
  { id: "samplePapers", format: "PDF", available: false },
  { id: "teacherGuide", format: "PDF", available: false },
  { id: "framework", format: "PDF", available: false },
] as const;

/** The four external tests of /external-tests (SPEC §2), each with its official site. */
export const EXTERNAL_TESTS = [
  { id: "sat", name: "SAT", organizer: "College Board", url: "https://satsuite.collegeboard.org/sat" },
  { id: "ielts", name: "IELTS", organizer: "British Council · IDP · Cambridge", url: "https://ielts.org" },
  { id: "toefl", name: "TOEFL", organizer: "ETS", url: "https://www.ets.org/toefl.html" },
  { id: "gmat", name: "GMAT", organizer: "GMAC", url: "https://www.mba.com/exams/gmat-exam" },
] as const;

/** Facts shown on /about; each figure is a property of the platform, not a marketing claim. */
export const ABOUT_FACTS = [
  { id: "subjects", value: 3 },
  { id: "cycles", value: 3 },
  { id: "languages", value: 2 },
  { id: "questionTypes", value: 5 },
] as const;

/** Contact facts that do not come from configuration (SPEC §9). */
export const CONTACT_DEFAULTS = {
  /** Used until GET /api/public/config answers, and at build time. */
  phone: "+971 4 000 0000",
  email: "info@qias.ae",
  /** OpenStreetMap embed around central Dubai. */
  map: {
    embedUrl:
      "https://www.openstreetmap.org/export/embed.html?bbox=55.2208%2C25.1748%2C55.3208%2C25.2348&layer=mapnik&marker=25.2048%2C55.2708",
    linkUrl: "https://www.openstreetmap.org/?mlat=25.2048&mlon=55.2708#map=13/25.2048/55.2708",
  },
} as const;

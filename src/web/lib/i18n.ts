// i18next with Arabic as the default; the choice lives in localStorage under STORAGE_KEY_LANGUAGE and drives
// <html lang> and dir. Every text loads on demand, in the visitor's language only: the shell and public texts
// before the first render (whenLanguageReady; the prerendered HTML is already Arabic, so an Arabic reader sees
// the page at once), the other language when the toggle asks for it. The signed-in namespaces (admin, files,
// exams, results, taking, skills, reports, analytics, sittings, bank, scales, standardSetting) and the other public pages' (pages) are awaited by the routes that use
// them (loadAppTranslations, loadPageTexts). All of it keeps the landing page's download small (bench/web.mjs).
import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEY_LANGUAGE, type TLanguage } from "@shared/limits";
import { readStorage, writeStorage } from "./storage";

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): TLanguage {
  const stored = readStorage(STORAGE_KEY_LANGUAGE);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function directionOf(lang: TLanguage): "rtl" | "ltr" {
  return lang === "ar" ? "rtl" : "ltr";
}

function applyToDocument(lang: TLanguage): void {
  if (typeof document === "undefined") return;
  const html = document.documentElement;
  html.lang = lang;
  html.dir = directionOf(lang);
}

type TJsonModule = { default: Record<string, unknown> };
/**
 * The shell and public texts every page needs, one file per language: a visitor downloads their own language
 * only (issue 13: the landing page's budget holds for an English visitor too). Every entry awaits them before
 * its first render (whenLanguageReady, loadBothLanguages, the prerender's changeLanguage).
 */
const BASE_NAMESPACES = {
  translation: { ar: () => import("@shared/i18n/ar.json"), en: () => import("@shared/i18n/en.json") },
  public: { ar: () => import("@shared/i18n/public.ar.json"), en: () => import("@shared/i18n/public.en.json") },
} satisfies Record<string, Record<TLanguage, () => Promise<TJsonModule>>>;
const APP_NAMESPACES = {
  // The public pages other than home (and the contact inbox, signed in): loaded with those pages.
  pages: { ar: () => import("@shared/i18n/pages.ar.json"), en: () => import("@shared/i18n/pages.en.json") },
  admin: { ar: () => import("@shared/i18n/admin.ar.json"), en: () => import("@shared/i18n/admin.en.json") },
  files: { ar: () => import("@shared/i18n/files.ar.json"), en: () => import("@shared/i18n/files.en.json") },
  exams: { ar: () => import("@shared/i18n/exams.ar.json"), en: () => import("@shared/i18n/exams.en.json") },
  results: { ar: () => import("@shared/i18n/results.ar.json"), en: () => import("@shared/i18n/results.en.json") },
  taking: { ar: () => import("@shared/i18n/taking.ar.json"), en: () => import("@shared/i18n/taking.en.json") },
  skills: { ar: () => import("@shared/i18n/skills.ar.json"), en: () => import("@shared/i18n/skills.en.json") },
  reports: { ar: () => import("@shared/i18n/reports.ar.json"), en: () => import("@shared/i18n/reports.en.json") },
  analytics: { ar: () => import("@shared/i18n/analytics.ar.json"), en: () => import("@shared/i18n/analytics.en.json") },
  sittings: { ar: () => import("@shared/i18n/sittings.ar.json"), en: () => import("@shared/i18n/sittings.en.json") },
  bank: { ar: () => import("@shared/i18n/bank.ar.json"), en: () => import("@shared/i18n/bank.en.json") },
  scales: { ar: () => import("@shared/i18n/scales.ar.json"), en: () => import("@shared/i18n/scales.en.json") },
  standardSetting: { ar: () => import("@shared/i18n/standard-setting.ar.json"), en: () => import("@shared/i18n/standard-setting.en.json") },
} satisfies Record<string, Record<TLanguage, () => Promise<TJsonModule>>>;
type TAppNamespace = keyof typeof APP_NAMESPACES;
const APP_NAMESPACE_NAMES = Object.keys(APP_NAMESPACES) as TAppNamespace[];

const lazyNamespaces: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    const load = (APP_NAMESPACES[namespace as TAppNamespace] ?? BASE_NAMESPACES[namespace as keyof typeof BASE_NAMESPACES])?.[lang];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    // No fallback language: it would make every English visitor download the Arabic texts as well. Every key
    // exists in both languages (src/shared/i18n/i18n.test.ts).
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ["translation", "public"],
    defaultNS: "translation",
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
  });

/** The texts of the public pages other than home ("pages"), in the current language: each such page awaits it. */
export function loadPageTexts(): Promise<void> {
  return i18n.loadNamespaces("pages");
}

/**
 * The app's own shell texts (the sign-in pages, the dashboard frame: app.*.json), merged into the main namespace
 * by the app's entry once both languages are here. The public pages never need them, so they are not bundled
 * with the texts above.
 */
export function addAppShellTexts(texts: Record<TLanguage, Record<string, unknown>>): void {
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, "translation", texts[lang], true, false);
}

/** Resolves once the current language's shell and public texts are here: await it before the first render. */
export function whenLanguageReady(): Promise<void> {
  return i18n.loadLanguages(currentLanguage());
}

/** Loads the shell and public texts in both languages (toasts carry both; see bilingual()). */
export function loadBothLanguages(): Promise<void> {
  return i18n.loadLanguages([...LANGUAGES]);
}

/**
 * Loads the signed-in namespaces in the current language and in the other one (toasts carry both, and a
 * language switch must not show keys). Routes await it before their first render.
 */
export async function loadAppTranslations(): Promise<void> {
  if (LANGUAGES.every((l) => APP_NAMESPACE_NAMES.every((ns) => i18n.hasResourceBundle(l, ns)))) return;
  await i18n.loadLanguages([...LANGUAGES]);
  await i18n.loadNamespaces(APP_NAMESPACE_NAMES);
}

applyToDocument(currentLanguage());

i18n.on("languageChanged", (lng) => {
  const lang = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  applyToDocument(lang);
  writeStorage(STORAGE_KEY_LANGUAGE, lang);
});

export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export function setLanguage(lang: TLanguage): void {
  void i18n.changeLanguage(lang);
}

export default i18n;

/** A text in both languages, e.g. for a toast that should follow a language switch while it is shown. */
export function bilingual(key: string, options: Record<string, unknown> = {}): { en: string; ar: string } {
  return { en: String(i18n.getFixedT("en")(key, options)), ar: String(i18n.getFixedT("ar")(key, options)) };
}

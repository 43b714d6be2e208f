// i18next with both languages bundled (no loading flash, works when prerendering). Arabic is the default; the
// choice lives in localStorage under STORAGE_KEY_LANGUAGE and drives <html lang> and dir.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEY_LANGUAGE, type TLanguage } from "@shared/limits";
import ar from "@shared/i18n/ar.json";
import en from "@shared/i18n/en.json";
import publicAr from "@shared/i18n/public.ar.json";
import publicEn from "@shared/i18n/public.en.json";
import adminAr from "@shared/i18n/admin.ar.json";
import adminEn from "@shared/i18n/admin.en.json";
import filesAr from "@shared/i18n/files.ar.json";
import filesEn from "@shared/i18n/files.en.json";
import examsAr from "@shared/i18n/exams.ar.json";
import examsEn from "@shared/i18n/exams.en.json";
import takingAr from "@shared/i18n/taking.ar.json";
import takingEn from "@shared/i18n/taking.en.json";
import resultsAr from "@shared/i18n/results.ar.json";
import resultsEn from "@shared/i18n/results.en.json";
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

void i18n.use(initReactI18next).init({
  resources: {
    ar: { translation: ar, public: publicAr, admin: adminAr, files: filesAr, exams: examsAr, results: resultsAr, taking: takingAr },
    en: { translation: en, public: publicEn, admin: adminEn, files: filesEn, exams: examsEn, results: resultsEn, taking: takingEn },
  },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ["translation", "public", "admin", "files", "exams", "results", "taking"],
  defaultNS: "translation",
  interpolation: { escapeValue: false }, // React escapes.
  initAsync: false,
  returnNull: false,
  react: { useSuspense: false },
});

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

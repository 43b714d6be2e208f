// The "admin" i18n namespace, the page language narrowed to "ar" | "en", and the few formatting and toast
// helpers every admin page shares.
import { useTranslation } from "react-i18next";
import { toast, toastError } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { type TLang, asLang, formatDateTime, formatNumber } from "@web/lib/format";

// One implementation in lib/format.ts; re-exported so this feature imports from one place.
export { asLang, formatDateTime, formatNumber, type TLang };

export function useAdminT() {
  const { t, i18n } = useTranslation("admin");
  return { t, lang: asLang(i18n.language), i18n };
}

/** A text of the admin namespace in both languages, for toasts that follow a language switch. */
export function adminText(key: string, options: Record<string, unknown> = {}) {
  return bilingual(`admin:${key}`, options);
}

export function successToast(key: string, descriptionKey?: string, options: Record<string, unknown> = {}) {
  toast({ variant: "success", title: adminText(key, options), ...(descriptionKey ? { description: adminText(descriptionKey, options) } : {}) });
}

// Failures the server words generically get the operation's own title from SPEC §8 ("Failed to create school"),
// with the server's message as the description; specific ones ("Cannot Delete", "Failed to create user" for a
// taken email) keep the server's title.
const GENERIC_CODES = new Set(["INTERNAL", "UNAVAILABLE", "NETWORK", "VALIDATION_FAILED", "BAD_JSON", "PAYLOAD_TOO_LARGE"]);

export function failureToast(error: unknown, titleKey: string) {
  return titledFailureToast(error, adminText(titleKey));
}

/** The same rule with a title from another namespace (the skills page's). */
export function titledFailureToast(error: unknown, title: { ar: string; en: string }) {
  const body = toErrorBody(error);
  if (!GENERIC_CODES.has(body.code)) return toastError(error);
  return toast({ variant: "destructive", title, description: body.message });
}

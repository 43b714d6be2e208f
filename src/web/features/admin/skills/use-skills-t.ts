// The "skills" i18n namespace and the toasts of the skills page, which follow a language switch.
import { useTranslation } from "react-i18next";
import { toast } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { asLang } from "@web/lib/format";
import { bilingual } from "@web/lib/i18n";

export function useSkillsT() {
  const { t, i18n } = useTranslation("skills");
  return { t, lang: asLang(i18n.language) };
}

export function skillsToast(key: string, name?: { nameAr: string; nameEn: string }) {
  toast({ variant: "success", title: bilingual(`skills:${key}`), ...(name ? { description: { ar: name.nameAr, en: name.nameEn } } : {}) });
}

// A refusal the server words generically gets the operation's own title; a specific one keeps the server's.
const GENERIC_CODES = new Set(["INTERNAL", "UNAVAILABLE", "NETWORK", "VALIDATION_FAILED", "BAD_JSON", "PAYLOAD_TOO_LARGE"]);

export function skillsFailureToast(error: unknown, titleKey: string) {
  const body = toErrorBody(error);
  toast({ variant: "destructive", title: GENERIC_CODES.has(body.code) ? bilingual(`skills:${titleKey}`) : body.title, description: body.message });
}

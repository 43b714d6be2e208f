// The "skills" i18n namespace and the toasts of the skills page, which follow a language switch.
import { useTranslation } from "react-i18next";
import { toast } from "@web/components/ui/use-toast";
import { asLang } from "@web/lib/format";
import { bilingual } from "@web/lib/i18n";
import { titledFailureToast } from "../lib/use-admin";

export function useSkillsT() {
  const { t, i18n } = useTranslation("skills");
  return { t, lang: asLang(i18n.language) };
}

export function skillsToast(key: string, name?: { nameAr: string; nameEn: string }) {
  toast({ variant: "success", title: bilingual(`skills:${key}`), ...(name ? { description: { ar: name.nameAr, en: name.nameEn } } : {}) });
}

/** A failure titled by the operation (SPEC §8) unless the server's own title is specific (admin's rule). */
export function skillsFailureToast(error: unknown, titleKey: string) {
  titledFailureToast(error, bilingual(`skills:${titleKey}`));
}

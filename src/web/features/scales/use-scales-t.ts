// The "scales" i18n namespace and the area's toasts, which follow a language switch.
import { useTranslation } from "react-i18next";
import { toast } from "@web/components/ui/use-toast";
import { asLang } from "@web/lib/format";
import { bilingual } from "@web/lib/i18n";
import { titledFailureToast } from "@web/features/admin/lib/use-admin";

export function useScalesT() {
  const { t, i18n } = useTranslation("scales");
  return { t, lang: asLang(i18n.language) };
}

export function scalesToast(key: string, name?: { nameAr: string; nameEn: string }) {
  toast({ variant: "success", title: bilingual(`scales:${key}`), ...(name ? { description: { ar: name.nameAr, en: name.nameEn } } : {}) });
}

export function scalesFailureToast(error: unknown, titleKey: string) {
  titledFailureToast(error, bilingual(`scales:${titleKey}`));
}

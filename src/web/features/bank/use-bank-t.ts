// The "bank" i18n namespace, the page language, and the toasts the bank's screens share.
import { useTranslation } from "react-i18next";
import { toast, toastError } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { asLang } from "@web/lib/format";
import { bilingual } from "@web/lib/i18n";

export function useBankT() {
  const { t, i18n } = useTranslation("bank");
  return { t, lang: asLang(i18n.language) };
}

export function bankSuccess(key: string, options: Record<string, unknown> = {}) {
  toast({ variant: "success", title: bilingual(`bank:${key}`, options) });
}

// The server's specific errors (BANK_ITEM_NOT_FOUND, FORBIDDEN…) keep their own title; a generic one gets the
// operation's ("Failed to copy item") with the server's words below it.
const GENERIC_CODES = new Set(["INTERNAL", "UNAVAILABLE", "NETWORK", "VALIDATION_FAILED", "BAD_JSON", "NOT_FOUND"]);

export function bankFailure(error: unknown, titleKey: string) {
  const body = toErrorBody(error);
  if (!GENERIC_CODES.has(body.code)) return toastError(error);
  return toast({ variant: "destructive", title: bilingual(`bank:${titleKey}`), description: body.message });
}

// The "taking" i18n namespace, the page language narrowed to "ar" | "en", and the formatting and toast helpers
// the student's exam pages share.
import { useTranslation } from "react-i18next";
import type { TText } from "@shared/errors";
import { toast } from "@web/components/ui/use-toast";
import { toErrorBody } from "@web/lib/errors";
import { bilingual } from "@web/lib/i18n";
import { type TLang, asLang, formatDateTime, formatNumber, pick } from "@web/lib/format";

// One implementation in lib/format.ts; re-exported so this feature imports from one place.
export { asLang, formatDateTime, formatNumber, pick, type TLang };

export function useTakingT() {
  const { t, i18n } = useTranslation("taking");
  return { t, lang: asLang(i18n.language), i18n };
}

/** A text of the taking namespace in both languages, for toasts that follow a language switch. */
export function takingText(key: string, options: Record<string, unknown> = {}): TText {
  return bilingual(`taking:${key}`, options);
}

/** Seconds as HH:MM:SS (SPEC §9). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function successToast(key: string, options: Record<string, unknown> = {}) {
  toast({ variant: "success", title: takingText(key, options) });
}

/**
 * A destructive toast titled with the operation's words of SPEC §8, the server's message below — once, when the server
 * says the same words (START_FAILED is "Failed to start the exam.").
 */
export function failureToast(error: unknown, titleKey: string) {
  const title = takingText(titleKey);
  const message = toErrorBody(error).message;
  const same = title.en === message.en && title.ar === message.ar;
  return toast({ variant: "destructive", title, ...(same ? {} : { description: message }) });
}

import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "@shared/limits";
import { currentLanguage } from "@web/lib/i18n";
import { textIn } from "@web/lib/errors";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { dismissToast, useToasts } from "./use-toast";

const ICONS = { default: Info, success: CircleCheck, destructive: CircleAlert } as const;

/**
 * Renders the toasts of use-toast.ts. Radix's hotkey (F8) focuses the region; toasts swipe away towards the
 * inline end of the page, i.e. right in English and left in Arabic.
 */
export function Toaster() {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const lang = currentLanguage();
  const rtl = i18n.dir(lang) === "rtl";
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection={rtl ? "left" : "right"}
      label={t("toast.label")}
    >
      {toasts.map(({ id, title, description, variant = "default", open }) => {
        const Icon = ICONS[variant];
        return (
          <Toast
            key={id}
            variant={variant}
            open={open}
            type={variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0 flex-1">
              {title && <ToastTitle>{textIn(title, lang)}</ToastTitle>}
              {description && <ToastDescription>{textIn(description, lang)}</ToastDescription>}
            </div>
            <ToastClose label={t("toast.close")} />
          </Toast>
        );
      })}
      <ToastViewport label={t("toast.region")} />
    </ToastProvider>
  );
}

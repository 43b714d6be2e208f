import { LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@web/lib/utils";

/** A spinner announced to screen readers as "Loading…". */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn("inline-flex items-center justify-center text-primary", className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{label ?? t("common.loading")}</span>
    </span>
  );
}

/** Fills the page area while a guard waits for the session. */
export function PageSpinner() {
  return (
    <div className="grid min-h-[50dvh] place-items-center p-8">
      <Spinner className="[&_svg]:size-8" />
    </div>
  );
}

// Which language a preview shows its content in (the exam editor's preview, the bank's item preview): a labelled
// group of two pressed/unpressed buttons, each named in its own language.
import { useId } from "react";
import type { TLang } from "@web/lib/format";
import { cn } from "@web/lib/utils";

export function ContentLanguageSwitch({ label, lang, onChange, testIdPrefix }: { label: string; lang: TLang; onChange: (lang: TLang) => void; testIdPrefix: string }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div role="group" aria-labelledby={`${id}-label`} className="inline-flex rounded-lg border border-input-border bg-muted p-0.5">
        {(["ar", "en"] as const).map((l) => (
          <button
            key={l}
            type="button"
            lang={l}
            aria-pressed={lang === l}
            onClick={() => onChange(l)}
            data-testid={`${testIdPrefix}-${l}`}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
              lang === l ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {l === "ar" ? "العربية" : "English"}
          </button>
        ))}
      </div>
    </div>
  );
}

import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@web/components/ui/button";
import { currentLanguage, setLanguage } from "@web/lib/i18n";
import { useDarkMode } from "@web/lib/theme";

/** Labelled EN while the interface is Arabic and AR while it is English (SPEC §1). */
export function LanguageToggle() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const next = lang === "ar" ? "en" : "ar";
  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-[0.8125rem] font-bold tracking-wide"
      onClick={() => setLanguage(next)}
      data-testid="language-toggle"
    >
      <span lang={next}>{next.toUpperCase()}</span>
      <span className="sr-only">{t("header.switchLanguage")}</span>
    </Button>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const [dark, setDark] = useDarkMode();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={dark}
      aria-label={t("header.darkMode")}
      onClick={() => setDark(!dark)}
      data-testid="theme-toggle"
    >
      {/* Both icons are rendered and CSS picks one, so prerendered HTML never disagrees with the theme. */}
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </Button>
  );
}

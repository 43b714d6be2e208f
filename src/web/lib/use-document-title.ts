import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the tab title to "<page> | Qias" in the current language (or just the site name). */
export function useDocumentTitle(page?: string): void {
  const { t } = useTranslation();
  const title = page ? t("common.pageTitle", { page }) : `${t("common.siteName")} | ${t("common.siteTagline")}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

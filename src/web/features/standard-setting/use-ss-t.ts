// The "standardSetting" i18n namespace and the page language.
import { useTranslation } from "react-i18next";
import { asLang, formatDateTime, formatNumber, pick, type TLang } from "@web/lib/format";

export { formatDateTime, formatNumber, pick, type TLang };

export function useStandardSettingT() {
  const { t, i18n } = useTranslation("standardSetting");
  return { t, lang: asLang(i18n.language) };
}

// The subjects as the options of a Radix select, named in the page's language (one place for the six selects).
import { useTranslation } from "react-i18next";
import { SelectItem } from "@web/components/ui/select";
import { asLang, pick } from "@web/lib/format";

export function SubjectItems({ subjects }: { subjects: readonly { id: string; nameAr: string; nameEn: string }[] | undefined }) {
  const { i18n } = useTranslation();
  const lang = asLang(i18n.language);
  return (subjects ?? []).map((s) => (
    <SelectItem key={s.id} value={s.id}>
      {pick(lang, s.nameAr, s.nameEn)}
    </SelectItem>
  ));
}

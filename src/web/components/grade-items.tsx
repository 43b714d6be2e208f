// The grades 1–12 as the options of a Radix select, one wording everywhere ("Grade 8", «الصف 8»).
import { useTranslation } from "react-i18next";
import { GRADES } from "@shared/limits";
import { SelectItem } from "@web/components/ui/select";

export function GradeItems() {
  const { t } = useTranslation();
  return GRADES.map((g) => (
    <SelectItem key={g} value={String(g)}>
      {t("common.grade", { grade: g })}
    </SelectItem>
  ));
}

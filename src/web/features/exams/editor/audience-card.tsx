// Who is offered the exam (docs/decisions/0004, 0014): a teacher's exam goes to the teacher's school, always; a
// super_admin chooses schools, and choosing none offers it to every school. Both may narrow it to chosen grades.
import { School, Users } from "lucide-react";
import { useId } from "react";
import { useController, useFormContext } from "react-hook-form";
import { GRADES } from "@shared/limits";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { textIn, toErrorBody } from "@web/lib/errors";
import { useAudienceSchools } from "../api";
import type { TExamForm } from "../lib/exam-form";
import { formatNumber, pick, useExamsT } from "../lib/use-exams-t";
import { FieldMessage } from "./field-message";

export function AudienceCard({ canChoose }: { canChoose: boolean }) {
  const { t } = useExamsT();
  return (
    <Card data-testid="audience-card">
      <CardHeader className="pb-4">
        <CardTitle as="h2">{t("audience.title")}</CardTitle>
        {canChoose && <CardDescription>{t("audience.description")}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {canChoose ? (
          <SchoolPicker />
        ) : (
          <p className="flex items-start gap-2 rounded-xl bg-muted/60 px-4 py-3 text-sm" data-testid="audience-own-school">
            <School aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{t("audience.ownSchool")}</span>
          </p>
        )}
        <GradePicker />
      </CardContent>
    </Card>
  );
}

function SchoolPicker() {
  const { t, lang } = useExamsT();
  const { control } = useFormContext<TExamForm>();
  const { field } = useController({ control, name: "schoolIds" });
  const schools = useAudienceSchools(true);
  const uid = useId();
  const chosen = new Set(field.value);

  const toggle = (id: string, on: boolean) => {
    const next = on ? [...field.value, id] : field.value.filter((s) => s !== id);
    field.onChange(next);
  };

  if (schools.isPending) return <Spinner />;
  if (schools.isError) {
    return (
      <p role="alert" className="text-sm text-destructive-text">
        {t("audience.loadFailed")} {textIn(toErrorBody(schools.error).message, lang)}
      </p>
    );
  }

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${uid}-summary`}>
      <legend className="sr-only">{t("audience.legend")}</legend>
      <p id={`${uid}-summary`} className="flex items-start gap-2 rounded-xl bg-muted/60 px-4 py-3 text-sm" aria-live="polite" data-testid="audience-summary">
        <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          {chosen.size === 0
            ? t("audience.everySchool")
            : t("audience.chosen", { count: chosen.size, formatted: formatNumber(lang, chosen.size) })}
        </span>
      </p>
      {schools.data.length > 0 && (
        <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-xl border border-border p-1.5 sm:grid-cols-2">
          {schools.data.map((s) => (
            <li key={s.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-lg px-2.5 py-2 hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
                <input
                  type="checkbox"
                  checked={chosen.has(s.id)}
                  onChange={(e) => toggle(s.id, e.target.checked)}
                  onBlur={field.onBlur}
                  className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
                  data-testid={`audience-school-${s.id}`}
                />
                <span className="flex min-w-0 flex-col">
                  <bdi className="text-sm font-medium">{pick(lang, s.nameAr, s.nameEn)}</bdi>
                  {(s.cityAr || s.cityEn) && <bdi className="text-xs text-muted-foreground">{pick(lang, s.cityAr ?? "", s.cityEn ?? "")}</bdi>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {chosen.size > 0 && (
        <Button variant="link" size="sm" className="self-start" onClick={() => field.onChange([])}>
          {t("audience.clear")}
        </Button>
      )}
      <FieldMessage path="schoolIds" />
    </fieldset>
  );
}

function GradePicker() {
  const { t, lang } = useExamsT();
  const { control } = useFormContext<TExamForm>();
  const { field } = useController({ control, name: "grades" });
  const uid = useId();
  const chosen = new Set(field.value);
  const toggle = (grade: number, on: boolean) => field.onChange(on ? [...field.value, grade].sort((a, b) => a - b) : field.value.filter((g) => g !== grade));

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${uid}-hint ${uid}-summary`} data-testid="audience-grades">
      <legend className="text-sm font-semibold">{t("audience.gradesLegend")}</legend>
      <p id={`${uid}-hint`} className="text-sm text-muted-foreground">
        {t("audience.gradesDescription")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {GRADES.map((g) => (
          <li key={g}>
            <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-1.5 text-sm hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input
                type="checkbox"
                checked={chosen.has(g)}
                onChange={(e) => toggle(g, e.target.checked)}
                onBlur={field.onBlur}
                className="size-4 shrink-0 accent-primary outline-none"
                data-testid={`audience-grade-${g}`}
              />
              {t("audience.gradeN", { grade: formatNumber(lang, g) })}
            </label>
          </li>
        ))}
      </ul>
      <p id={`${uid}-summary`} className="text-sm" aria-live="polite" data-testid="audience-grades-summary">
        {chosen.size === 0 ? t("audience.everyGrade") : t("audience.chosenGrades", { grades: field.value.map((g) => formatNumber(lang, g)).join(lang === "ar" ? "، " : ", ") })}
      </p>
      {chosen.size > 0 && (
        <Button variant="link" size="sm" className="self-start" onClick={() => field.onChange([])}>
          {t("audience.clearGrades")}
        </Button>
      )}
      <FieldMessage path="grades" />
    </fieldset>
  );
}

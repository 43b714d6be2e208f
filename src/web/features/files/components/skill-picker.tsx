// The skills a file helps with (issue 14), so a development plan can point a student who has not mastered one
// to it: checkboxes grouped by subject, the retired skills the file already carries kept (and marked), at most
// MAX_FILE_SKILLS.
import { useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { MAX_FILE_SKILLS } from "@shared/schemas/file";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { skillsQuery, subjectsQuery, type TSkill } from "@web/lib/catalogue";
import { pick } from "@web/lib/format";
import { useFilesT } from "../lib/use-files";

/** The catalogue's names for a file's tags, in the reader's language (empty until the catalogue has loaded). */
export function useSkillNames(enabled: boolean): (id: string) => string | null {
  const { lang } = useFilesT();
  const skills = useQuery({ ...skillsQuery(), enabled });
  const byId = new Map((skills.data ?? []).map((s) => [s.id, s]));
  return (id) => {
    const s = byId.get(id);
    return s ? pick(lang, s.nameAr, s.nameEn) : null;
  };
}

export function SkillPicker({
  selected,
  kept = [],
  onChange,
  disabled = false,
  labelledBy,
}: {
  selected: ReadonlySet<string>;
  /** Tags the file had when the picker opened: shown even when retired since. */
  kept?: readonly string[];
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
  labelledBy: string;
}) {
  const { t, lang } = useFilesT();
  const skills = useQuery(skillsQuery());
  const subjects = useQuery(subjectsQuery);

  if (skills.isPending) {
    return (
      <div className="grid min-h-24 place-items-center">
        <Spinner />
      </div>
    );
  }
  if (skills.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/40 p-3 text-sm">
        <span className="font-medium text-destructive-text">{t("skillPicker.loadFailed")}</span>
        <Button variant="outline" size="sm" onClick={() => void skills.refetch()}>
          <RotateCw aria-hidden="true" />
          {t("picker.retry")}
        </Button>
      </div>
    );
  }

  const shown = skills.data
    .filter((s) => !s.retired || kept.includes(s.id))
    .sort((a, b) => pick(lang, a.nameAr, a.nameEn).localeCompare(pick(lang, b.nameAr, b.nameEn), lang));
  const groups = new Map<string, TSkill[]>();
  for (const s of shown) groups.set(s.subjectId, [...(groups.get(s.subjectId) ?? []), s]);
  const subjectName = (id: string) => {
    const s = subjects.data?.find((x) => x.id === id);
    return s ? pick(lang, s.nameAr, s.nameEn) : id;
  };
  const full = selected.size >= MAX_FILE_SKILLS;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };

  return (
    <div role="group" aria-labelledby={labelledBy} className="flex flex-col gap-2" data-testid="skill-picker">
      <div className="max-h-64 overflow-y-auto rounded-xl border border-border bg-background/60 p-3">
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("skillPicker.none")}</p>
        ) : (
          <div className="flex flex-col gap-4">
            {[...groups].map(([subjectId, list]) => (
              <fieldset key={subjectId} className="flex min-w-0 flex-col gap-1">
                <legend className="mb-1 text-xs font-semibold text-muted-foreground">{subjectName(subjectId)}</legend>
                <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
                  {list.map((s) => {
                    const checked = selected.has(s.id);
                    const label = pick(lang, s.nameAr, s.nameEn);
                    return (
                      <label key={s.id} className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-lg px-1.5 text-sm hover:bg-muted/60 has-disabled:cursor-not-allowed has-disabled:opacity-60">
                        <input
                          type="checkbox"
                          className="size-4.5 shrink-0 accent-primary"
                          checked={checked}
                          disabled={disabled || (full && !checked)}
                          onChange={(e) => toggle(s.id, e.target.checked)}
                          data-testid={`skill-option-${s.id}`}
                        />
                        <span className="min-w-0">{s.retired ? t("skillPicker.retired", { name: label }) : label}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        )}
      </div>
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite" data-testid="skill-picker-count">
        {t("skillPicker.selectedCount", { count: selected.size })}
        {full && ` ${t("skillPicker.max", { max: MAX_FILE_SKILLS })}`}
      </p>
    </div>
  );
}

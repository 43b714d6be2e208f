// What an exam is, as chips above its title: subject, time allowed, number of questions (and points, once the
// paper is there). The lobby and the take page show the same.
import { BookOpen, Clock, FileQuestion, Medal } from "lucide-react";
import { cn } from "@web/lib/utils";
import { formatNumber, pick, useTakingT } from "../lib/use-taking-t";

const chip = "inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-muted-foreground";

export function ExamChips({
  subject,
  durationMinutes,
  questionCount,
  totalPoints,
  className,
}: {
  subject: { nameAr: string; nameEn: string };
  durationMinutes: number | null;
  questionCount: number;
  totalPoints?: number;
  className?: string;
}) {
  const { t, lang } = useTakingT();
  return (
    <div className={cn("flex flex-wrap items-center gap-2 text-sm", className)}>
      <span className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 font-semibold text-accent-foreground">
        <BookOpen aria-hidden="true" className="size-3.5" />
        {pick(lang, subject.nameAr, subject.nameEn)}
      </span>
      <span className={chip}>
        <Clock aria-hidden="true" className="size-3.5" />
        {durationMinutes ? t("common.minutes", { count: durationMinutes }) : t("common.noTimeLimit")}
      </span>
      <span className={chip}>
        <FileQuestion aria-hidden="true" className="size-3.5" />
        {t("common.questions", { count: questionCount })}
      </span>
      {totalPoints !== undefined && (
        <span className={chip}>
          <Medal aria-hidden="true" className="size-3.5" />
          {t("common.totalPoints", { total: formatNumber(lang, totalPoints) })}
        </span>
      )}
    </div>
  );
}

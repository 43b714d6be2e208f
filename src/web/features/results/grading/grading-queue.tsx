import { ArrowRight, ClipboardCheck, PenLine } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useSession } from "@web/lib/session";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { useGradingQueue } from "../api";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { pick, useResultsT } from "../lib/format";
import { gradingPath } from "../lib/paths";

/** The exams with answers waiting for a teacher, with how many answers and students wait. */
export function GradingQueue() {
  const { t, lang } = useResultsT();
  useDocumentTitle(t("grading.title"));
  const queue = useGradingQueue();
  const { user } = useSession();
  const showSchools = user?.role === "super_admin";

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="grading-queue">
      <SectionHeader icon={PenLine} title={t("grading.title")} description={t("grading.description")} />

      {queue.isPending ? (
        <LoadingState />
      ) : queue.isError ? (
        <ErrorState title={t("grading.queueFailed")} error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <EmptyState icon={ClipboardCheck} hint={t("grading.emptyQueueHint")}>
          {t("grading.emptyQueue")}
        </EmptyState>
      ) : (
        <ul aria-label={t("grading.queueLabel")} className="grid gap-4 lg:grid-cols-2">
          {queue.data.map((item) => {
            const title = pick(lang, item.titleAr, item.titleEn);
            return (
              <li key={item.examId} className="flex" data-testid="queue-item">
                <Card className="flex w-full flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex min-w-0 flex-col gap-1.5">
                    <h3 className="font-semibold leading-snug">
                      <bdi>{title}</bdi>
                    </h3>
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                      <span className="inline-flex w-fit items-center rounded-full border border-gold/40 bg-gold/10 px-2.5 py-0.5 text-xs font-semibold text-gold" data-testid="queue-pending">
                        {t("grading.pending", { count: item.pending })}
                      </span>
                      <span className="text-muted-foreground">{t("grading.attempts", { count: item.attempts })}</span>
                    </p>
                    {showSchools && item.schools.length > 0 && (
                      <p className="text-sm text-muted-foreground" data-testid="queue-schools">
                        {t("grading.schools", { count: item.schools.length })}{" "}
                        {item.schools.map((s, i) => (
                          <span key={s.nameEn}>
                            {i > 0 && (lang === "ar" ? "، " : ", ")}
                            <bdi>{pick(lang, s.nameAr, s.nameEn)}</bdi>
                          </span>
                        ))}
                      </p>
                    )}
                  </div>
                  <Button asChild className="w-full sm:w-auto">
                    <Link to={gradingPath(item.examId)} aria-label={t("grading.startItem", { exam: title })}>
                      {t("grading.start")}
                      <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
                    </Link>
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

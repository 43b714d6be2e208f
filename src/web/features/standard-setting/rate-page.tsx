// /scale/standard-setting/:studyId/rate (issue 35; docs/decisions/0048): an invited panellist's ratings for the open
// round. Angoff: per item, one input per level (the borderline student's probability of a right answer, or expected
// score), in reading order so Tab walks item by item. Bookmark: the ordered booklet, items as the student sees them
// (with the key), and one page chosen per level. Submitting again in the same round replaces the submission.
import { ArrowLeft, Check } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { TBookletItem, TPanellistStudy } from "@shared/schemas/standard-setting";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { fieldClasses, Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { useInvitation, useSubmitRatings } from "./api";
import { StatusBadge } from "./studies-page";
import { formatNumber, pick, useStandardSettingT, type TLang } from "./use-ss-t";

export function RatePage() {
  const { studyId = "" } = useParams();
  const { t } = useStandardSettingT();
  const query = useInvitation(studyId);
  return (
    <PageFrame className="max-w-4xl">
      <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit">
        <Link to="/dashboard/overview">
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          {t("card.title")}
        </Link>
      </Button>
      {query.data ? (
        <Rate key={`${query.data.round}-${query.data.submittedRound}`} study={query.data} />
      ) : query.isError ? (
        <ErrorState title={t("rate.loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState label={t("loading")} />
      )}
    </PageFrame>
  );
}

export default RatePage;

function ItemView({ item, lang }: { item: TBookletItem; lang: TLang }) {
  const { t } = useStandardSettingT();
  const c = item.content;
  return (
    <div className="flex flex-col gap-2">
      {c.passage && <p className="rounded-lg bg-muted/60 p-3 text-sm whitespace-pre-line">{pick(lang, c.passage.textAr, c.passage.textEn)}</p>}
      <p className="font-medium whitespace-pre-line">{pick(lang, c.questionTextAr, c.questionTextEn)}</p>
      {c.options.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {c.options.map((o, i) => (
            <li key={i} className={cn("flex items-center gap-2 rounded-md px-2 py-1", o.isCorrect && "bg-success text-success-foreground")}>
              {o.isCorrect ? <Check aria-hidden="true" className="size-4 shrink-0" /> : <span aria-hidden="true" className="size-4 shrink-0" />}
              <span>{pick(lang, o.optionTextAr, o.optionTextEn)}</span>
              {o.isCorrect && <span className="sr-only">({t("rate.correct")})</span>}
            </li>
          ))}
        </ul>
      )}
      {c.correctAnswerText && (
        <p className="text-sm">
          {t("rate.correct")}: <bdi className="font-medium">{c.correctAnswerText}</bdi>
        </p>
      )}
      {item.maxScore > 1 && <p className="text-xs text-muted-foreground">{t("rate.maxScore", { m: item.maxScore })}</p>}
    </div>
  );
}

function Rate({ study }: { study: TPanellistStudy }) {
  const { t, lang } = useStandardSettingT();
  const name = `${pick(lang, study.scaleNameAr, study.scaleNameEn)} · ${t(`methods.${study.method}`)}`;
  useDocumentTitle(t("rate.pageTitle", { name }));
  const levels = study.levels.filter((l) => l.position >= 1);
  const open = study.status === "open";
  const submit = useSubmitRatings(study.id);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(study.ratings.map((r) => [`${r.position}/${r.itemVersionId}`, String(r.value)])));
  const [pages, setPages] = useState<Record<number, string>>(() => Object.fromEntries(study.bookmarks.map((b) => [b.position, String(b.page)])));
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const body =
      study.method === "angoff"
        ? { ratings: levels.flatMap((l) => study.items.map((i) => ({ position: l.position, itemVersionId: i.itemVersionId, value: Number(values[`${l.position}/${i.itemVersionId}`] ?? "") }))) }
        : { bookmarks: levels.map((l) => ({ position: l.position, page: Number(pages[l.position] ?? "") })) };
    submit.mutate(body, { onSuccess: () => toast({ title: t("rate.saved") }), onError: toastError });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6" data-testid="ss-rate-page">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">
          <bdi>{pick(lang, study.scaleNameAr, study.scaleNameEn)}</bdi> · {t(`methods.${study.method}`)}
        </h1>
        <StatusBadge status={study.status} round={study.round} />
        <p className="text-sm text-muted-foreground">{study.method === "angoff" ? t("rate.angoffHint") : t("rate.bookmarkHint")}</p>
        {!open && <p className="font-medium" role="status">{t("rate.notOpen")}</p>}
        {open && study.submittedRound === study.round && (
          <p className="rounded-lg border border-success-border bg-success p-3 text-sm text-success-foreground" role="status" data-testid="ss-submitted">
            {t("rate.submitted", { round: study.round })}
          </p>
        )}
      </div>

      {study.method === "bookmark" && (
        <Card className="sticky top-16 z-10">
          <CardContent className="grid gap-3 pt-6 sm:grid-cols-2">
            {levels.map((l) => (
              <div key={l.position} className="flex flex-col gap-1.5">
                <Label htmlFor={`ss-bookmark-${l.position}`}>{t("rate.bookmarkFor", { level: pick(lang, l.nameAr, l.nameEn) })}</Label>
                <select
                  id={`ss-bookmark-${l.position}`}
                  required
                  disabled={!open}
                  className={cn(fieldClasses, "h-11")}
                  value={pages[l.position] ?? ""}
                  onChange={(e) => setPages({ ...pages, [l.position]: e.target.value })}
                  data-testid="ss-bookmark"
                >
                  <option value="">{t("rate.choosePage")}</option>
                  {study.items.map((i) => (
                    <option key={i.page} value={i.page ?? ""}>
                      {t("rate.page", { page: formatNumber(lang, i.page ?? 0) })}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </CardContent>
        </Card>
      )}

      <ol className="flex flex-col gap-4" data-testid="ss-items">
        {study.items.map((item, n) => {
          const marked = study.method === "bookmark" ? levels.filter((l) => pages[l.position] === String(item.page)) : [];
          return (
            <li key={`${item.itemVersionId}-${item.scorePoint}`}>
              <Card className={cn(marked.length > 0 && "border-primary ring-2 ring-primary/30")}>
                <CardContent className="flex flex-col gap-4 pt-6">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 className="text-sm font-semibold text-muted-foreground">
                      {item.page ? t("rate.page", { page: formatNumber(lang, item.page) }) : t("rate.item", { n: formatNumber(lang, n + 1) })}
                    </h2>
                    {item.maxScore > 1 && item.page && <span className="text-xs text-muted-foreground">{t("rate.scorePoint", { k: item.scorePoint, m: item.maxScore })}</span>}
                    {marked.map((l) => (
                      <span key={l.position} className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                        {t("rate.bookmarkFor", { level: pick(lang, l.nameAr, l.nameEn) })}
                      </span>
                    ))}
                  </div>
                  <ItemView item={item} lang={lang} />
                  {study.method === "angoff" && (
                    <div className="grid gap-3 sm:grid-cols-3">
                      {levels.map((l) => {
                        const key = `${l.position}/${item.itemVersionId}`;
                        const id = `ss-r-${n}-${l.position}`;
                        return (
                          <div key={l.position} className="flex flex-col gap-1.5">
                            <Label htmlFor={id}>{pick(lang, l.nameAr, l.nameEn)}</Label>
                            <Input
                              id={id}
                              type="number"
                              inputMode="decimal"
                              dir="ltr"
                              min={0}
                              max={item.maxScore}
                              step={0.05}
                              required
                              disabled={!open}
                              aria-label={t("rate.ratingLabel", { level: pick(lang, l.nameAr, l.nameEn), n: n + 1 })}
                              value={values[key] ?? ""}
                              onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                              data-testid="ss-rating"
                            />
                          </div>
                        );
                      })}
                    </div>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ol>
      {open && (
        <Button type="submit" className="w-fit" disabled={submit.isPending} data-testid="ss-submit">
          {t("rate.submit")}
        </Button>
      )}
    </form>
  );
}

// /scale/standard-setting (issue 35; docs/decisions/0048): the super_admin's standard-setting studies and a new one.
import { ArrowLeft, ChevronRight, Scale } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { STANDARD_SETTING_METHODS, type TStandardSettingMethod, type TStudySummary } from "@shared/schemas/standard-setting";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { fieldClasses, Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { studyPath, useCreateStudy, useStudies, useStudyOptions } from "./api";
import { formatDateTime, pick, useStandardSettingT } from "./use-ss-t";

export function StudiesPage() {
  const { t } = useStandardSettingT();
  useDocumentTitle(t("title"));
  const query = useStudies();
  return (
    <PageFrame className="max-w-5xl">
      <div className="flex flex-col gap-2" data-testid="ss-studies-page">
        <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit">
          <Link to="/dashboard/overview">
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {t("toDashboard")}
          </Link>
        </Button>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <CreateStudy />
      <section aria-labelledby="ss-list-heading" className="flex flex-col gap-3">
        <h2 id="ss-list-heading" className="text-lg font-semibold">
          {t("list.heading")}
        </h2>
        {query.isError ? (
          <ErrorState title={t("loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <LoadingState label={t("loading")} />
        ) : query.data.items.length === 0 ? (
          <EmptyState icon={Scale}>{t("empty")}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="ss-studies">
            {query.data.items.map((study) => (
              <StudyRow key={study.id} study={study} />
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}

export default StudiesPage;

export function StatusBadge({ status, round }: { status: TStudySummary["status"]; round: number }) {
  const { t } = useStandardSettingT();
  const tone = status === "approved" ? "border border-success-border bg-success text-success-foreground" : status === "open" ? "bg-accent text-accent-foreground" : "bg-muted text-muted-foreground";
  return (
    <span className={cn("inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", tone)} data-testid="ss-status">
      {t(`statuses.${status}`, { round })}
    </span>
  );
}

function StudyRow({ study }: { study: TStudySummary }) {
  const { t, lang } = useStandardSettingT();
  const name = `${pick(lang, study.scaleNameAr, study.scaleNameEn)} · ${t(`methods.${study.method}`)}`;
  return (
    <li>
      <Link
        to={studyPath(study.id)}
        aria-label={t("list.open", { name })}
        className="flex items-center gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm outline-none hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold">
            <bdi>{pick(lang, study.scaleNameAr, study.scaleNameEn)}</bdi> · {t(`methods.${study.method}`)}
          </span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <StatusBadge status={study.status} round={study.round} />
            <span>{t("list.panellists", { count: study.panellists })}</span>
            <span>{t("list.created", { date: formatDateTime(lang, study.createdAt) })}</span>
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground rtl:-scale-x-100" />
      </Link>
    </li>
  );
}

function CreateStudy() {
  const { t, lang } = useStandardSettingT();
  const options = useStudyOptions();
  const create = useCreateStudy();
  const navigate = useNavigate();
  const [scaleId, setScaleId] = useState("");
  const [calibrationId, setCalibrationId] = useState("");
  const [method, setMethod] = useState<TStandardSettingMethod>("angoff");
  const [rp, setRp] = useState("0.67");
  const scales = (options.data?.scales ?? []).filter((s) => s.runs.length > 0);
  const scale = scales.find((s) => s.id === scaleId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { scaleId, calibrationId, method, ...(method === "bookmark" ? { responseProbability: Number(rp) } : {}) },
      {
        onSuccess: (study) => {
          toast({ title: t("create.created") });
          void navigate(studyPath(study.id));
        },
        onError: toastError,
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("create.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {options.isError ? (
          <ErrorState title={t("loadFailed")} error={options.error} onRetry={() => void options.refetch()} />
        ) : options.data && scales.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("create.noScales")}</p>
        ) : (
          <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" data-testid="ss-create">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="ss-scale">{t("create.scale")}</Label>
              <select
                id="ss-scale"
                required
                className={cn(fieldClasses, "h-11")}
                value={scaleId}
                onChange={(e) => {
                  setScaleId(e.target.value);
                  setCalibrationId(scales.find((s) => s.id === e.target.value)?.runs[0]?.id ?? "");
                }}
              >
                <option value="">{t("create.scalePlaceholder")}</option>
                {scales.map((s) => (
                  <option key={s.id} value={s.id}>
                    {pick(lang, s.nameAr, s.nameEn)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="ss-run">{t("create.run")}</Label>
              <select id="ss-run" required className={cn(fieldClasses, "h-11")} value={calibrationId} onChange={(e) => setCalibrationId(e.target.value)} disabled={!scale}>
                <option value="">{t("create.runPlaceholder")}</option>
                {scale?.runs.map((r) => {
                  const label = t("create.runLabel", { model: r.model.toUpperCase(), items: r.items, date: formatDateTime(lang, r.createdAt) });
                  return (
                    <option key={r.id} value={r.id}>
                      {r.reference ? t("create.reference", { label }) : label}
                    </option>
                  );
                })}
              </select>
            </div>
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-sm font-medium">{t("create.method")}</legend>
              <div className="flex flex-wrap gap-4">
                {STANDARD_SETTING_METHODS.map((m) => (
                  <label key={m} className="inline-flex items-center gap-2 text-sm">
                    <input type="radio" name="ss-method" value={m} checked={method === m} onChange={() => setMethod(m)} className="size-4 accent-primary" />
                    {t(`methods.${m}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            {method === "bookmark" && (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="ss-rp">{t("create.rp")}</Label>
                <Input id="ss-rp" type="number" inputMode="decimal" min={0.51} max={0.99} step={0.01} value={rp} onChange={(e) => setRp(e.target.value)} dir="ltr" className="max-w-32" />
              </div>
            )}
            <div className="md:col-span-2">
              <Button type="submit" disabled={create.isPending || !scaleId || !calibrationId} data-testid="ss-create-submit">
                {t("create.submit")}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

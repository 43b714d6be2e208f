// A bank item's parameter history (issue 35; docs/decisions/0045), in its preview: each calibration of any of its
// versions — the exam (when the reader may see it), when, how many responses, the model, a/b/c with their SEs, or
// why it got no parameters.
import type { TItemCalibrations } from "@shared/schemas/psychometrics";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDate, formatNumber, pick, LOCALE, type TLang } from "@web/lib/format";
import { PROBLEM_KEYS, useItemCalibrations } from "@web/features/analytics/psychometrics-api";
import { useBankT } from "./use-bank-t";

type TRow = TItemCalibrations["calibrations"][number];

/** A parameter to two decimals with its SE, "0.84 ± 0.12"; "—" when there is none. */
function withSe(lang: TLang, value: number | null, se: number | null): string {
  if (value === null) return "—";
  const f = (n: number) => {
    const s = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(n));
    return n < -0.005 ? `−${s}` : s;
  };
  return se === null ? f(value) : `${f(value)} ± ${f(se)}`;
}

export function ItemCalibrations({ itemId, uiLang }: { itemId: string; uiLang: TLang }) {
  const { t } = useBankT();
  const query = useItemCalibrations(itemId);
  return (
    <section className="flex flex-col gap-2" data-testid="bank-preview-calibrations">
      <h3 className="text-sm font-semibold">{t("calibrations.title")}</h3>
      {query.isError ? (
        <ErrorState title={t("calibrations.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="bank-calibrations-error" />
      ) : !query.data ? (
        <LoadingState label={t("calibrations.loading")} testId="bank-calibrations-loading" />
      ) : query.data.calibrations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("calibrations.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm">
          {query.data.calibrations.map((c) => (
            <Row key={`${c.calibrationId}-${c.version}`} c={c} uiLang={uiLang} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Row({ c, uiLang }: { c: TRow; uiLang: TLang }) {
  const { t } = useBankT();
  const exam = c.exam ? pick(uiLang, c.exam.titleAr, c.exam.titleEn) : t("calibrations.otherExam");
  return (
    <li className="flex flex-col gap-0.5 rounded-lg border border-border px-3 py-2">
      <span className="flex flex-wrap justify-between gap-x-3">
        <span className="font-medium">{exam}</span>
        <span className="text-muted-foreground tabular-nums">
          {t("calibrations.line", { version: formatNumber(uiLang, c.version), date: formatDate(uiLang, c.createdAt), n: formatNumber(uiLang, c.n), model: t(`calibrations.models.${c.model}`) })}
        </span>
      </span>
      {c.problem ? (
        <span className="text-muted-foreground">{t(`calibrations.problems.${PROBLEM_KEYS[c.problem]}`)}</span>
      ) : (
        <span className="flex flex-wrap gap-x-4 tabular-nums" dir="ltr">
          <span>a = {withSe(uiLang, c.a, c.se?.a ?? null)}</span>
          <span>b = {withSe(uiLang, c.b, c.se?.b ?? null)}</span>
          {c.model === "3pl" && <span>c = {withSe(uiLang, c.c, c.se?.c ?? null)}</span>}
        </span>
      )}
    </li>
  );
}


// A development plan (SPEC §3 plan_data): the goal, the steps in order with their weeks, the resources (what to
// practise, and the school's files for it), and the advice. Files are opened by whatever the page composing this
// one passes in (the files feature's download), so this feature does not reach into another.
import { FileText, Flag, Lightbulb, Target } from "lucide-react";
import type { ReactNode } from "react";
import type { TPlanResource, TPlanView } from "@shared/schemas/report";
import { bi, useReportsT } from "../lib/use-reports-t";
import { Subsection, WriterNote } from "./report-view";

export type TFileAction = (resource: TPlanResource & { fileId: string }) => ReactNode;

export function PlanView({ plan, fileAction }: { plan: TPlanView; fileAction?: TFileAction }) {
  const { t, lang } = useReportsT();
  const { content } = plan;
  return (
    <div className="flex flex-col gap-5" data-testid="plan-view">
      <Subsection title={t("plan.goal")} icon={<Target aria-hidden="true" className="size-4 text-primary" />}>
        <p className="font-medium leading-relaxed" data-testid="plan-goal">
          {bi(lang, content.goal)}
        </p>
      </Subsection>

      <Subsection title={t("plan.steps")} icon={<Flag aria-hidden="true" className="size-4 text-primary" />}>
        <ol className="flex flex-col gap-3 border-s-2 border-accent ps-4" data-testid="plan-steps">
          {content.steps.map((step, i) => (
            <li key={i} className="relative flex flex-col gap-0.5 break-inside-avoid">
              <span aria-hidden="true" className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-primary print:[print-color-adjust:exact]" />
              <span className="text-xs font-semibold text-primary">{bi(lang, step.timeline)}</span>
              <span className="text-sm leading-relaxed">{bi(lang, step.action)}</span>
            </li>
          ))}
        </ol>
      </Subsection>

      {content.resources.length > 0 && (
        <Subsection title={t("plan.resources")}>
          <ul className="grid gap-2 sm:grid-cols-2 print:grid-cols-2" data-testid="plan-resources">
            {content.resources.map((r, i) => (
              <li key={i} className="flex items-start gap-2 rounded-xl border border-border p-3 text-sm break-inside-avoid" data-kind={r.kind}>
                {r.kind === "file" ? (
                  <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                ) : (
                  <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
                )}
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-semibold">
                    <bdi>{bi(lang, r.title)}</bdi>
                  </span>
                  <span className="text-xs text-muted-foreground">{r.kind === "file" ? t("plan.file") : t("plan.practice")}</span>
                  {r.detail && <span className="leading-relaxed text-muted-foreground">{bi(lang, r.detail)}</span>}
                </div>
                {r.kind === "file" && r.fileId && fileAction ? <span className="print:hidden">{fileAction({ ...r, fileId: r.fileId })}</span> : null}
              </li>
            ))}
          </ul>
        </Subsection>
      )}

      <div className="flex items-start gap-2 rounded-xl bg-accent/60 p-4 text-sm break-inside-avoid" data-testid="plan-advice">
        <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-foreground" />
        <div className="flex flex-col gap-0.5">
          <p className="font-semibold text-accent-foreground">{t("plan.advice")}</p>
          <p className="leading-relaxed">{bi(lang, content.ai_suggestion)}</p>
        </div>
      </div>

      <WriterNote doc={plan} />
    </div>
  );
}

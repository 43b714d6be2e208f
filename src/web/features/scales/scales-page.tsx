// /dashboard/scale (super_admin; issue 35): the reporting scales, one per subject and grade, each opening its own
// page (definition, levels, linking, levels by group). Adding one opens the dialog, then the new scale's page.
import { useQuery } from "@tanstack/react-query";
import { Plus, Ruler, Scale } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { TDashboardSection } from "@shared/permissions";
import type { TScale } from "@shared/schemas/scale";
import { Button } from "@web/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { subjectsQuery } from "@web/lib/catalogue";
import { formatNumber, pick } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { Badge } from "@web/features/admin/components/badge";
import { DataTable, type TColumn } from "@web/features/admin/components/data-table";
import { SECTION_HEADING_ID, SectionHeader } from "@web/features/admin/components/section-header";
import { scalesQuery } from "./api";
import { CreateScaleDialog } from "./create-scale-dialog";
import { useScalesT } from "./use-scales-t";

export default function ScalesPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useScalesT();
  useDocumentTitle(t("title"));
  const scales = useQuery(scalesQuery);
  const subjects = useQuery(subjectsQuery);
  const [adding, setAdding] = useState(false);
  const name = (s: { nameAr: string; nameEn: string }) => pick(lang, s.nameAr, s.nameEn);

  const columns: TColumn<TScale>[] = [
    {
      id: "scale",
      header: t("columns.scale"),
      mobile: "title",
      cell: (s) => (
        <Link to={`/dashboard/scale/${s.id}`} className="font-semibold text-primary underline-offset-4 hover:underline" data-testid="scale-link">
          <bdi>{name(s)}</bdi>
        </Link>
      ),
    },
    { id: "subject", header: t("columns.subject"), cell: (s) => <span className="whitespace-nowrap">{pick(lang, s.subjectNameAr, s.subjectNameEn)}</span> },
    { id: "grade", header: t("columns.grade"), cell: (s) => <span className="whitespace-nowrap">{t("gradeN", { grade: formatNumber(lang, s.grade) })}</span> },
    {
      id: "definition",
      header: t("columns.definition"),
      className: "tabular-nums whitespace-nowrap",
      cell: (s) => <bdi dir="ltr">{`${formatNumber(lang, s.mean)} / ${formatNumber(lang, s.sd)}`}</bdi>,
    },
    { id: "levels", header: t("columns.levels"), cell: (s) => t("levelsCount", { count: s.levels.length }) },
    {
      id: "reference",
      header: t("columns.reference"),
      cell: (s) => <Badge variant={s.referenceCalibrationId ? "success" : "muted"}>{s.referenceCalibrationId ? t("referenceSet") : t("referenceMissing")}</Badge>,
    },
  ];

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="scales-page">
      <SectionHeader
        icon={Ruler}
        title={t("title")}
        description={t("description")}
        actions={
          <>
            {/* Standard setting's studies set the levels' cuts (decision 0048). */}
            <Button variant="outline" asChild>
              <Link to="/scale/standard-setting" data-testid="scales-standard-setting">
                <Scale aria-hidden="true" />
                {t("standardSetting")}
              </Link>
            </Button>
            <Button onClick={() => setAdding(true)} data-testid="scale-add">
              <Plus aria-hidden="true" />
              {t("add")}
            </Button>
          </>
        }
      />
      {scales.isPending ? (
        <LoadingState />
      ) : scales.isError ? (
        <ErrorState title={t("loadFailed")} error={scales.error} onRetry={() => void scales.refetch()} />
      ) : scales.data.length === 0 ? (
        <EmptyState icon={Ruler} hint={t("emptyHint")}>
          {t("empty")}
        </EmptyState>
      ) : (
        <DataTable label={t("tableLabel")} columns={columns} rows={scales.data} rowKey={(s) => s.id} testId="scales-table" />
      )}
      {adding && <CreateScaleDialog subjects={subjects.data ?? []} onClose={() => setAdding(false)} />}
    </section>
  );
}

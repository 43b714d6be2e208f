// /dashboard/scale/:scaleId/:tab (super_admin; issue 35): one reporting scale, its sections as tabs. A section is
// one line in SCALE_TABS (standard setting adds its own there).
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Ruler } from "lucide-react";
import { lazy, Suspense, type ComponentType } from "react";
import { Link, NavLink, Navigate, useParams } from "react-router";
import type { TDashboardSection } from "@shared/permissions";
import type { TScale } from "@shared/schemas/scale";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { PageSpinner } from "@web/components/ui/spinner";
import { pick } from "@web/lib/format";
import { cn } from "@web/lib/utils";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { SECTION_HEADING_ID, SectionHeader } from "@web/features/admin/components/section-header";
import { scaleQuery } from "./api";
import { useScalesT } from "./use-scales-t";

export type TScaleTabProps = { scale: TScale };

/** The scale's sections, in order: path under the scale, label (any namespace), the component. */
export const SCALE_TABS: readonly { path: string; labelKey: string; Component: ComponentType<TScaleTabProps> }[] = [
  { path: "definition", labelKey: "scales:tabs.definition", Component: lazy(() => import("./definition-tab")) },
  { path: "levels", labelKey: "scales:tabs.levels", Component: lazy(() => import("./levels-tab")) },
  { path: "linking", labelKey: "scales:tabs.linking", Component: lazy(() => import("./linking-tab")) },
  { path: "groups", labelKey: "scales:tabs.groups", Component: lazy(() => import("./groups-tab")) },
];

export default function ScalePage(_props: { section: TDashboardSection }) {
  const { t, lang } = useScalesT();
  const { scaleId = "", "*": rest = "" } = useParams();
  const scale = useQuery(scaleQuery(scaleId));
  const tab = SCALE_TABS.find((x) => x.path === rest.split("/")[0]);
  const title = scale.data ? pick(lang, scale.data.nameAr, scale.data.nameEn) : t("title");
  useDocumentTitle(title);
  if (!tab) return <Navigate to={`/dashboard/scale/${scaleId}/${SCALE_TABS[0]!.path}`} replace />;
  const Back = lang === "ar" ? ArrowRight : ArrowLeft;

  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="scale-page">
      <Link to="/dashboard/scale" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <Back aria-hidden="true" className="size-4" />
        {t("back")}
      </Link>
      <SectionHeader
        icon={Ruler}
        title={title}
        description={scale.data ? `${pick(lang, scale.data.subjectNameAr, scale.data.subjectNameEn)} · ${t("gradeN", { grade: scale.data.grade })}` : undefined}
      />
      <nav aria-label={t("tabs.label")} className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-border px-1">
          {SCALE_TABS.map((x) => (
            <li key={x.path}>
              <NavLink
                to={`/dashboard/scale/${scaleId}/${x.path}`}
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium",
                    isActive ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
                  )
                }
                data-testid={`scale-tab-${x.path}`}
              >
                {t(x.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {scale.isPending ? (
        <LoadingState />
      ) : scale.isError ? (
        <ErrorState title={t("loadFailed")} error={scale.error} onRetry={() => void scale.refetch()} />
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <tab.Component scale={scale.data} />
        </Suspense>
      )}
    </section>
  );
}

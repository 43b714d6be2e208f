// Levels by group (issue 35): the share of the scale's students at each level by school, class, gender and
// language background — groups under the minimum withheld — and the classification accuracy and consistency at
// each cut (Rudner; computed on the server, modules/scales/levels-by-group.ts).
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import type { TLevelsByGroup } from "@shared/schemas/scale";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { isApiError } from "@web/lib/api";
import { LOCALE, formatNumber, pick } from "@web/lib/format";
import { levelsByGroupQuery } from "./api";
import type { TScaleTabProps } from "./scale-page";
import { useScalesT } from "./use-scales-t";

const percent = (lang: "ar" | "en", x: number) => new Intl.NumberFormat(LOCALE[lang], { style: "percent", maximumFractionDigits: 0 }).format(x);

export default function GroupsTab({ scale }: TScaleTabProps) {
  const { t, lang } = useScalesT();
  const groups = useQuery({ ...levelsByGroupQuery(scale.id, lang), enabled: scale.levels.length > 0 });
  const levelNames = scale.levels.map((l) => pick(lang, l.nameAr, l.nameEn));
  if (scale.levels.length === 0 || (groups.isError && isApiError(groups.error, "SCALE_LEVEL_COUNT"))) return <EmptyState icon={Users}>{t("groups.empty")}</EmptyState>;
  if (groups.isPending) return <LoadingState />;
  if (groups.isError) return <ErrorState title={t("loadFailed")} error={groups.error} onRetry={() => void groups.refetch()} />;
  const data = groups.data;
  if (data.attempts === 0) return <EmptyState icon={Users}>{t("groups.empty")}</EmptyState>;

  const label = (kind: keyof TLevelsByGroup["groups"], key: string | null, text: string | null) => {
    if (key === null) return t("groups.notRecorded");
    if (kind === "gender") return t(`groups.genders.${key}`);
    if (kind === "languageBackground") return t(`groups.backgrounds.${key}`);
    return text ?? key;
  };

  return (
    <div className="flex flex-col gap-6" data-testid="levels-by-group">
      <Card>
        <CardHeader>
          <CardTitle as="h3">{t("groups.title")}</CardTitle>
          <CardDescription>{t("groups.description", { minimum: formatNumber(lang, data.minimum) })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {(["school", "class", "gender", "languageBackground"] as const).map((kind) => (
            <div key={kind} className="overflow-x-auto">
              <table className="w-full text-sm tabular-nums">
                <caption className="mb-2 text-start font-semibold">{t(`groups.${kind}`)}</caption>
                <thead>
                  <tr className="border-b border-border text-muted-foreground">
                    <th scope="col" className="p-2 text-start font-medium">{t("groups.group")}</th>
                    <th scope="col" className="p-2 text-start font-medium">{t("groups.count")}</th>
                    {levelNames.map((n, k) => (
                      <th key={k} scope="col" className="p-2 text-start font-medium"><bdi>{n}</bdi></th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[{ key: "__all", label: t("groups.overall", { count: data.attempts }), count: data.attempts, withheld: data.overall.length === 0, shares: data.overall }, ...data.groups[kind].map((g) => ({ ...g, key: g.key ?? "__none", label: label(kind, g.key, g.label) }))].map((g) => (
                    <tr key={g.key} className="border-b border-border last:border-0">
                      <th scope="row" className="p-2 text-start font-medium"><bdi>{g.label}</bdi></th>
                      <td className="p-2">{formatNumber(lang, g.count)}</td>
                      {g.withheld ? (
                        <td colSpan={levelNames.length} className="p-2 text-muted-foreground italic">{t("groups.withheld", { minimum: formatNumber(lang, data.minimum) })}</td>
                      ) : (
                        g.shares.map((s, k) => <td key={k} className="p-2">{percent(lang, s)}</td>)
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h3">{t("groups.consistency")}</CardTitle>
          <CardDescription>{t("groups.consistencyHint")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <table className="w-full max-w-xl text-sm tabular-nums">
            <thead>
              <tr className="border-b border-border text-muted-foreground">
                <th scope="col" className="p-2 text-start font-medium">{t("groups.cut")}</th>
                <th scope="col" className="p-2 text-start font-medium">{t("groups.accuracy")}</th>
                <th scope="col" className="p-2 text-start font-medium">{t("groups.agreement")}</th>
              </tr>
            </thead>
            <tbody>
              {data.cuts.map((c) => (
                <tr key={c.position} className="border-b border-border last:border-0">
                  <th scope="row" className="p-2 text-start font-medium">
                    <bdi>{levelNames[c.position]}</bdi>{" "}
                    {/* "≥ 420" keeps its direction: in a right-to-left line ≥ would mirror into ≤. */}
                    <bdi dir="ltr">≥ {formatNumber(lang, c.minScore)}</bdi>
                  </th>
                  <td className="p-2">{c.accuracy === null ? "—" : percent(lang, c.accuracy)}</td>
                  <td className="p-2">{c.consistency === null ? "—" : percent(lang, c.consistency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.overallAccuracy !== null && <p className="text-sm">{t("groups.overallAccuracy", { value: percent(lang, data.overallAccuracy) })}</p>}
        </CardContent>
      </Card>
    </div>
  );
}

import { ChartColumn, Check, ListChecks, Presentation, Route, type LucideIcon } from "lucide-react";
import { SiteLink } from "@web/lib/site-nav";
import { SERVICES } from "@shared/content/site-content";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { IconBadge, PageHeader, Section } from "../components/layout";
import { usePublicT } from "../lib/use-public";

const SERVICE_ICONS: Record<(typeof SERVICES)[number], LucideIcon> = {
  testing: ListChecks,
  reporting: ChartColumn,
  plans: Route,
  training: Presentation,
};

export function ServicesPage() {
  const { t } = usePublicT();
  useDocumentTitle(t("meta.services"));
  return (
    <>
      <PageHeader eyebrow={t("services.eyebrow")} title={t("services.title")}>
        <p>{t("services.subtitle")}</p>
      </PageHeader>
      <Section aria-label={t("services.title")}>
        <ol className="grid gap-5 md:grid-cols-2">
          {SERVICES.map((id, i) => {
            const Icon = SERVICE_ICONS[id];
            const points = t(`services.${id}.points`, { returnObjects: true }) as unknown as string[];
            return (
              <li key={id} data-testid={`service-${id}`}>
                <Card className="flex h-full flex-col p-6 sm:p-8">
                  <div className="flex items-start gap-4">
                    <IconBadge>
                      <Icon />
                    </IconBadge>
                    <span aria-hidden="true" className="ms-auto rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
                      {String(i + 1).padStart(2, "0")}
                    </span>
                  </div>
                  <h2 className="mt-4 text-xl font-bold">{t(`services.${id}.title`)}</h2>
                  <p className="mt-2 text-muted-foreground">{t(`services.${id}.description`)}</p>
                  <ul className="mt-5 space-y-2.5 border-t border-border pt-5">
                    {points.map((point) => (
                      <li key={point} className="flex gap-2.5 text-sm">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                        <span>{point}</span>
                      </li>
                    ))}
                  </ul>
                </Card>
              </li>
            );
          })}
        </ol>
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <SiteLink to="/contact">{t("services.cta")}</SiteLink>
          </Button>
        </div>
      </Section>
    </>
  );
}

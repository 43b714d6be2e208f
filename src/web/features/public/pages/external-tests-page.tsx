import { ExternalLink, Globe2, Info } from "lucide-react";
import { Trans } from "react-i18next";
import { EXTERNAL_TESTS } from "@shared/content/site-content";
import { buttonVariants } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { IconBadge, PageHeader, Section } from "../components/layout";
import { usePublicT } from "../lib/use-public";

export function ExternalTestsPage() {
  const { t } = usePublicT();
  useDocumentTitle(t("meta.external"));
  return (
    <>
      <PageHeader eyebrow={t("external.eyebrow")} title={t("external.title")}>
        <p>
          <Trans t={t} i18nKey="external.subtitle" components={{ bdi: <bdi /> }} />
        </p>
      </PageHeader>
      <Section aria-label={t("external.title")}>
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t("external.disclaimer")}
        </p>
        <ul className="grid gap-5 md:grid-cols-2">
          {EXTERNAL_TESTS.map((test) => (
            <li key={test.id} data-testid={`external-${test.id}`}>
              <Card className="flex h-full flex-col p-6">
                <div className="flex items-center gap-4">
                  <IconBadge>
                    <Globe2 />
                  </IconBadge>
                  <div>
                    <h2 className="text-2xl font-bold tracking-tight">
                      <bdi>{test.name}</bdi>
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      {t("external.organizer")}: <bdi>{test.organizer}</bdi>
                    </p>
                  </div>
                </div>
                <p className="mt-4 flex-1 text-muted-foreground">
                  <Trans t={t} i18nKey={`external.${test.id}.description`} components={{ bdi: <bdi /> }} />
                </p>
                <div className="mt-5">
                  <a
                    href={test.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    {t("external.visit")}
                    <span className="sr-only">
                      {" "}
                      <bdi>{test.name}</bdi> {t("common.opensInNewTab")}
                    </span>
                    <ExternalLink aria-hidden="true" className="rtl:-scale-x-100" />
                  </a>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

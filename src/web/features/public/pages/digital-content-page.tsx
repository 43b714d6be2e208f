import { Download, FileText, GraduationCap, Layers, NotebookPen, type LucideIcon } from "lucide-react";
import { DIGITAL_CONTENT } from "@shared/content/site-content";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { IconBadge, PageHeader, Section } from "../components/layout";
import { usePublicT } from "../lib/use-public";

const DIGITAL_ICONS: Record<(typeof DIGITAL_CONTENT)[number]["id"], LucideIcon> = {
  studentGuide: GraduationCap,
  samplePapers: FileText,
  teacherGuide: NotebookPen,
  framework: Layers,
};

export function DigitalContentPage() {
  const { t } = usePublicT();
  useDocumentTitle(t("meta.digital"));
  return (
    <>
      <PageHeader eyebrow={t("digital.eyebrow")} title={t("digital.title")}>
        <p>{t("digital.subtitle")}</p>
      </PageHeader>
      <Section aria-label={t("digital.title")}>
        <ul className="grid gap-5 md:grid-cols-2">
          {DIGITAL_CONTENT.map((item) => {
            const Icon = DIGITAL_ICONS[item.id];
            const statusId = `digital-${item.id}-status`;
            return (
              <li key={item.id} data-testid={`digital-${item.id}`}>
                <Card className="flex h-full flex-col p-6">
                  <div className="flex items-start justify-between gap-4">
                    <IconBadge>
                      <Icon />
                    </IconBadge>
                    <span
                      id={statusId}
                      className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-950 dark:bg-amber-400/15 dark:text-amber-100"
                    >
                      {t("common.comingSoon")}
                    </span>
                  </div>
                  <h2 className="mt-4 text-lg font-semibold">{t(`digital.${item.id}.title`)}</h2>
                  <p className="mt-2 flex-1 text-sm text-muted-foreground">{t(`digital.${item.id}.description`)}</p>
                  <div className="mt-5 flex items-center justify-between gap-3 border-t border-border pt-4">
                    <span className="text-xs text-muted-foreground">
                      {t("digital.format")}: <bdi className="font-semibold text-foreground">{item.format}</bdi>
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!item.available}
                      aria-describedby={statusId}
                      title={t("common.downloadDisabled")}
                    >
                      <Download aria-hidden="true" />
                      {t("common.download")}
                      <span className="sr-only">: {t(`digital.${item.id}.title`)}</span>
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </Section>
    </>
  );
}

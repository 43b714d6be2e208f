import { Bot, ChartColumn, ClipboardCheck, KeyRound, Languages, Timer, UserRound, type LucideIcon } from "lucide-react";
import { FEATURES } from "@shared/content/site-content";
import { SUBJECTS } from "@shared/subjects";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { IconBadge, PageHeader, Section } from "../components/layout";
import { SUBJECT_ICONS } from "../components/subject-icons";
import { usePublicT } from "../lib/use-public";

const FEATURE_ICONS: Record<(typeof FEATURES)[number], LucideIcon> = {
  standardizedTests: ClipboardCheck,
  questionTypes: Timer,
  analytics: ChartColumn,
  aiPlans: Bot,
  separateLogins: KeyRound,
  studentPlans: UserRound,
  bilingual: Languages,
};

export function FeaturesPage() {
  const { t, lang } = usePublicT();
  useDocumentTitle(t("meta.features"));
  return (
    <>
      <PageHeader eyebrow={t("features.eyebrow")} title={t("features.title")}>
        <p>{t("features.subtitle")}</p>
      </PageHeader>
      <Section aria-label={t("features.eyebrow")}>
        {/* Seven cards in a four-column grid: the first spans two columns, so both rows are full. */}
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((id, i) => {
            const Icon = FEATURE_ICONS[id];
            const lead = i === 0;
            return (
              <li key={id} className={cn(lead && "md:col-span-2")} data-testid={`feature-${id}`}>
                <Card className={cn("h-full p-6", lead && "border-primary/30 bg-secondary/60")}>
                  <IconBadge className={cn(lead && "bg-primary text-primary-foreground")}>
                    <Icon />
                  </IconBadge>
                  <h2 className="mt-4 text-lg font-semibold">{t(`features.${id}.title`)}</h2>
                  <p className="mt-2 text-sm text-muted-foreground">{t(`features.${id}.description`)}</p>
                  {lead && (
                    <ul className="mt-5 flex flex-wrap gap-2">
                      {SUBJECTS.map((subject) => {
                        const SubjectIcon = SUBJECT_ICONS[subject.id];
                        return (
                          <li
                            key={subject.id}
                            className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-card px-3 py-1.5 text-sm font-medium"
                          >
                            <SubjectIcon aria-hidden="true" className="size-4 text-primary" />
                            {lang === "ar" ? subject.nameAr : subject.nameEn}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      </Section>
    </>
  );
}

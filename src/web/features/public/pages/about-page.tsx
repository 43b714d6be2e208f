import { Eye, GraduationCap, HeartHandshake, Lock, NotebookPen, Scale, School, Target, UserCog } from "lucide-react";
import { SUBJECTS } from "@shared/subjects";
import { ABOUT_FACTS } from "@shared/content/site-content";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { IconBadge, PageHeader, Section, SectionHeading } from "../components/layout";
import { SUBJECT_ICONS } from "../components/subject-icons";
import { usePublicT } from "../lib/use-public";

const AUDIENCE = [
  { id: "students", icon: GraduationCap },
  { id: "teachers", icon: NotebookPen },
  { id: "schools", icon: School },
  { id: "admins", icon: UserCog },
] as const;
const VALUE_ICONS = { fairness: Scale, accuracy: Target, privacy: Lock, support: HeartHandshake } as const;
const VALUES = ["fairness", "accuracy", "privacy", "support"] as const;

export function AboutPage() {
  const { t, lang } = usePublicT();
  useDocumentTitle(t("meta.about"));
  return (
    <>
      <PageHeader eyebrow={t("about.eyebrow")} title={t("about.title")}>
        <p>{t("about.intro")}</p>
      </PageHeader>

      <Section aria-label={`${t("about.mission.title")} · ${t("about.vision.title")}`}>
        <div className="grid gap-5 md:grid-cols-2">
          {(
            [
              ["mission", Target],
              ["vision", Eye],
            ] as const
          ).map(([id, Icon]) => (
            <Card key={id} className="p-6 sm:p-8">
              <IconBadge>
                <Icon />
              </IconBadge>
              <h2 className="mt-4 text-xl font-bold">{t(`about.${id}.title`)}</h2>
              <p className="mt-2 text-muted-foreground">{t(`about.${id}.description`)}</p>
            </Card>
          ))}
        </div>
      </Section>

      <section aria-labelledby="about-facts" className="bg-brand-deep py-10 text-brand-deep-foreground">
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="about-facts" className="sr-only">
            {t("about.facts.title")}
          </h2>
          <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
            {ABOUT_FACTS.map((f) => (
              <div key={f.id} className="flex flex-col-reverse gap-1">
                <dt className="text-sm text-brand-deep-muted">{t(`about.facts.${f.id}`)}</dt>
                <dd className="text-4xl font-bold text-gold tabular-nums">{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section aria-labelledby="about-subjects">
        <SectionHeading id="about-subjects" title={t("about.subjects.title")} subtitle={t("about.subjects.subtitle")} />
        <ul className="grid gap-5 md:grid-cols-3">
          {SUBJECTS.map((s) => {
            const Icon = SUBJECT_ICONS[s.id];
            return (
              <li key={s.id}>
                <Card className="h-full p-6">
                  <IconBadge>
                    <Icon />
                  </IconBadge>
                  <h3 className="mt-4 text-lg font-semibold">{lang === "ar" ? s.nameAr : s.nameEn}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{t(`subjectDescriptions.${s.id}`)}</p>
                </Card>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section aria-labelledby="about-audience" className="border-y border-border/60 bg-card">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading id="about-audience" title={t("about.audience.title")} />
            <ul className="space-y-5">
              {AUDIENCE.map(({ id, icon: Icon }) => (
                <li key={id} className="flex gap-4">
                  <IconBadge className="size-10">
                    <Icon />
                  </IconBadge>
                  <p className="pt-2">{t(`about.audience.${id}`)}</p>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <SectionHeading id="about-values" title={t("about.values.title")} />
            <ul className="grid gap-4 sm:grid-cols-2">
              {VALUES.map((id) => {
                const Icon = VALUE_ICONS[id];
                return (
                  <li key={id} className="rounded-xl border border-border bg-background p-5">
                    <h3 className="flex items-center gap-2 font-semibold">
                      <Icon aria-hidden="true" className="size-5 text-primary" />
                      {t(`about.values.${id}.title`)}
                    </h3>
                    <p className="mt-2 text-sm text-muted-foreground">{t(`about.values.${id}.description`)}</p>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </Section>
    </>
  );
}

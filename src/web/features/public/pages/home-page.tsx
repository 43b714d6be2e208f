import { ArrowLeft, BrainCircuit, ChartColumn, ClipboardCheck, Sparkles, type LucideIcon } from "lucide-react";
import { SiteLink } from "@web/lib/site-nav";
import { SUBJECTS } from "@shared/subjects";
import { KEY_FEATURES } from "@shared/content/site-content";
import { PARTNERS } from "@shared/content/partners";
import { NAV_LINKS, type TNavLink } from "@web/app/nav-links";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { DisclosureLinks } from "@web/components/layout/disclosure-links";
import { disclosureLinksOf, navDescription, navLabel } from "@web/components/layout/nav-label";
import { Container, IconBadge, Section, SectionHeading } from "../components/layout";
import { SUBJECT_ICONS } from "../components/subject-icons";
import { usePublicT } from "../lib/use-public";

const KEY_FEATURE_ICONS: Record<(typeof KEY_FEATURES)[number], LucideIcon> = {
  assessment: ClipboardCheck,
  analytics: ChartColumn,
  plans: BrainCircuit,
};
const QUICK_LINKS = NAV_LINKS.filter((l) => l.inQuickAccess);
const STEPS = ["test", "analyze", "plan"] as const;
/** Illustrative scores for the report preview in the hero (labelled as an example on the page). */
const PREVIEW_SCORES = { arabic: 82, islamic: 74, social: 68 } as const;
const PREVIEW_WIDTH = { arabic: "w-[82%]", islamic: "w-[74%]", social: "w-[68%]" } as const;

export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <KeyFeatures />
      <HowItWorks />
      <QuickAccess />
      <Partners />
      <ClosingCall />
    </>
  );
}

function Hero() {
  const { t, lang } = usePublicT("home");
  return (
    <section aria-labelledby="home-hero-title" className="qias-grid-bg overflow-hidden border-b border-border/60">
      <Container className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm font-medium text-secondary-foreground shadow-xs">
            <Sparkles aria-hidden="true" className="size-4 text-gold" />
            {t("home.hero.eyebrow")}
          </p>
          <h1 id="home-hero-title" className="mt-5 text-4xl font-bold leading-tight tracking-tight text-balance sm:text-5xl">
            {t("home.hero.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">{t("home.hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <SiteLink to="/features">{t("home.hero.ctaFeatures")}</SiteLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <SiteLink to="/contact">{t("home.hero.ctaContact")}</SiteLink>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-2" aria-label={t("home.hero.audience")}>
            {SUBJECTS.map((s) => {
              const Icon = SUBJECT_ICONS[s.id];
              return (
                <li
                  key={s.id}
                  className="inline-flex items-center gap-1.5 rounded-lg bg-secondary px-3 py-1.5 text-sm font-medium text-secondary-foreground"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {lang === "ar" ? s.nameAr : s.nameEn}
                </li>
              );
            })}
          </ul>
          <p className="mt-3 text-sm text-muted-foreground">{t("home.hero.audience")}</p>
        </div>
        <ReportPreview />
      </Container>
    </section>
  );
}

/** A drawn sample of what a school receives: a student report and the first step of a plan. Decorative. */
function ReportPreview() {
  const { t, lang } = usePublicT("home");
  return (
    <figure className="relative mx-auto hidden w-full max-w-md sm:block" aria-label={t("common.example")}>
      <div aria-hidden="true" className="absolute -inset-4 -z-10 rounded-[2rem] bg-primary/10 blur-2xl" />
      <Card className="p-6 shadow-lg">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-base font-semibold">{t("home.preview.title")}</p>
            <p className="text-sm text-muted-foreground">{t("home.preview.caption")}</p>
          </div>
          <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
            {t("common.example")}
          </span>
        </div>
        <dl className="mt-6 space-y-4">
          {SUBJECTS.map((s) => (
            <div key={s.id}>
              <dt className="text-sm font-medium">{lang === "ar" ? s.nameAr : s.nameEn}</dt>
              <dd className="mt-1.5 flex items-center gap-3 text-sm">
                <span aria-hidden="true" className="h-2 flex-1 rounded-full bg-muted">
                  <span className={`block h-2 rounded-full bg-primary ${PREVIEW_WIDTH[s.id]}`} />
                </span>
                <bdi dir="ltr" className="w-10 text-end font-semibold tabular-nums">
                  {PREVIEW_SCORES[s.id]}%
                </bdi>
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 rounded-xl border border-border bg-muted/60 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold">{t("home.preview.planTitle")}</p>
            <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
              <Sparkles aria-hidden="true" className="size-3" />
              {t("home.preview.aiBadge")}
            </span>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">{t("home.preview.planStep")}</p>
        </div>
      </Card>
    </figure>
  );
}

function KeyFeatures() {
  const { t } = usePublicT("home");
  return (
    <Section aria-labelledby="home-key-features">
      <SectionHeading id="home-key-features" title={t("home.keyFeatures.title")} subtitle={t("home.keyFeatures.subtitle")} />
      <ul className="grid gap-5 md:grid-cols-3">
        {KEY_FEATURES.map((id) => {
          const Icon = KEY_FEATURE_ICONS[id];
          return (
            <li key={id}>
              <Card className="h-full p-6">
                <IconBadge>
                  <Icon />
                </IconBadge>
                <h3 className="mt-4 text-lg font-semibold">{t(`home.keyFeatures.${id}.title`)}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{t(`home.keyFeatures.${id}.description`)}</p>
              </Card>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function HowItWorks() {
  const { t } = usePublicT("home");
  return (
    <section aria-labelledby="home-steps" className="bg-brand-deep py-12 text-brand-deep-foreground sm:py-16">
      <Container>
        <h2 id="home-steps" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("home.steps.title")}
        </h2>
        <ol className="mt-8 grid gap-8 md:grid-cols-3">
          {STEPS.map((id, i) => (
            <li key={id} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-brand-deep-muted/40 text-lg font-bold text-gold"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{t(`home.steps.${id}.title`)}</h3>
                <p className="mt-1 text-sm text-brand-deep-muted">{t(`home.steps.${id}.description`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

function QuickAccess() {
  const { t } = usePublicT("home");
  return (
    <Section aria-labelledby="home-quick-access">
      <SectionHeading id="home-quick-access" title={t("home.quickAccess.title")} subtitle={t("home.quickAccess.subtitle")} />
      {/* Five cards: two wide ones over three narrow ones on a six-column grid, so no row is left half empty. */}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
        {QUICK_LINKS.map((link, i) => (
          <li
            key={link.id}
            className={cn(
              QUICK_LINKS.length === 5 && (i < 2 ? "lg:col-span-3" : "lg:col-span-2"),
              QUICK_LINKS.length % 2 === 1 && i === QUICK_LINKS.length - 1 && "sm:max-lg:col-span-2",
            )}
          >
            <QuickAccessCard link={link} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function QuickAccessCard({ link }: { link: TNavLink }) {
  const { t, lang } = usePublicT("home");
  const label = navLabel(link, lang);
  const description = navDescription(link, lang);
  const Icon = link.icon;
  return (
    <Card className="flex h-full flex-col p-6" data-testid={`quick-access-${link.id}`}>
      <IconBadge>
        <Icon />
      </IconBadge>
      <h3 className="mt-4 text-lg font-semibold">{label}</h3>
      {description && <p className="mt-1 flex-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-5">
        {link.children?.length ? (
          <DisclosureLinks
            label={t("common.showLinks")}
            accessibleLabel={`${t("common.showLinks")}: ${label}`}
            links={disclosureLinksOf(link.children, lang)}
          />
        ) : (
          <SiteLink
            to={link.path}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-link underline-offset-4 hover:underline"
          >
            {t("common.viewMore")}
            <span className="sr-only">: {label}</span>
            <ArrowLeft aria-hidden="true" className="size-4 ltr:rotate-180" />
          </SiteLink>
        )}
      </div>
    </Card>
  );
}

function Partners() {
  const { t } = usePublicT("home");
  return (
    <section aria-labelledby="home-partners" className="border-y border-border/60 bg-card py-12 sm:py-16">
      <Container>
        <SectionHeading id="home-partners" title={t("home.partners.title")} subtitle={t("home.partners.subtitle")} />
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {PARTNERS.map((p) => (
            <li key={p.id} className="flex items-center gap-3 rounded-xl border border-border bg-background p-4">
              <span
                aria-hidden="true"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-deep text-sm font-bold text-brand-deep-foreground"
                dir="ltr"
              >
                {p.monogram}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold leading-snug">
                  <bdi>{p.name}</bdi>
                </span>
                <span className="block text-xs text-muted-foreground">{t(`partners.${p.id}`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function ClosingCall() {
  const { t } = usePublicT("home");
  return (
    <Section aria-labelledby="home-cta">
      <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-primary p-8 text-primary-foreground sm:p-10 md:flex-row md:items-center">
        <div className="max-w-2xl">
          <h2 id="home-cta" className="text-2xl font-bold tracking-tight">
            {t("home.cta.title")}
          </h2>
          <p className="mt-2 opacity-90">{t("home.cta.description")}</p>
        </div>
        <Button asChild size="lg" variant="secondary">
          <SiteLink to="/contact">{t("home.cta.button")}</SiteLink>
        </Button>
      </div>
    </Section>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { Clock, ExternalLink, Mail, MapPin, Phone, Send } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useForm, type FieldError } from "react-hook-form";
import type { z } from "zod";
import { CONTACT_DEFAULTS } from "@shared/content/site-content";
import { ZContactInput, type TContactInput } from "@shared/schemas/contact";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Textarea } from "@web/components/ui/textarea";
import { toast, toastError } from "@web/components/ui/use-toast";
import { loadBothLanguages } from "@web/lib/i18n";
import { usePublicConfig } from "@web/lib/public-config";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { IconBadge, PageHeader, Section } from "../components/layout";
import { sendContactMessage } from "../api";
import { usePublicT } from "../lib/use-public";

export function ContactPage() {
  const { t } = usePublicT();
  useDocumentTitle(t("meta.contact"));
  return (
    <>
      <PageHeader eyebrow={t("contact.eyebrow")} title={t("contact.title")}>
        <p>{t("contact.subtitle")}</p>
      </PageHeader>
      <Section aria-label={t("contact.title")}>
        {/* Phone order: details, form, map. Desktop: details over map at the start, the form beside them. */}
        <div className="grid gap-6 lg:grid-cols-5 lg:items-start">
          <div className="lg:col-span-2 lg:col-start-1 lg:row-start-1">
            <ContactDetails />
          </div>
          <div className="lg:col-span-3 lg:col-start-3 lg:row-span-2 lg:row-start-1">
            <ContactForm />
          </div>
          <div className="lg:col-span-2 lg:col-start-1 lg:row-start-2">
            <ContactMap />
          </div>
        </div>
      </Section>
    </>
  );
}

function ContactDetails() {
  const { t } = usePublicT();
  const { data } = usePublicConfig();
  // Until the configuration answers (and in the prerendered page) the built-in defaults are shown.
  const phone = data?.contactPhone ?? CONTACT_DEFAULTS.phone;
  const email = data?.contactEmail ?? CONTACT_DEFAULTS.email;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold">{t("contact.details.title")}</h2>
      <dl className="mt-5 space-y-5">
        <Detail icon={<Phone />} term={t("contact.details.phone")}>
          <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-link underline-offset-4 hover:underline" data-testid="contact-phone">
            <bdi dir="ltr">{phone}</bdi>
          </a>
        </Detail>
        <Detail icon={<Mail />} term={t("contact.details.email")}>
          <a href={`mailto:${email}`} className="text-link underline-offset-4 hover:underline" data-testid="contact-email">
            <bdi dir="ltr">{email}</bdi>
          </a>
        </Detail>
        <Detail icon={<Clock />} term={t("contact.details.hours")}>
          {t("contact.details.hoursValue")}
        </Detail>
        <Detail icon={<MapPin />} term={t("contact.details.location")}>
          {t("contact.details.locationValue")}
        </Detail>
      </dl>
    </Card>
  );
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 ps-14">
      <dt className="text-sm text-muted-foreground">
        <IconBadge className="absolute start-0 top-0 size-10">{icon}</IconBadge>
        {term}
      </dt>
      <dd className="mt-0.5 font-semibold break-words">{children}</dd>
    </div>
  );
}

function ContactMap() {
  const { t } = usePublicT();
  return (
    <Card className="overflow-hidden">
      <iframe
        title={t("contact.map.title")}
        src={CONTACT_DEFAULTS.map.embedUrl}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="block aspect-[4/3] w-full border-0 bg-muted"
      />
      <div className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
        <span className="inline-flex items-center gap-2 text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 text-primary" />
          {t("contact.details.locationValue")}
        </span>
        <a
          href={CONTACT_DEFAULTS.map.linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-semibold text-link underline-offset-4 hover:underline"
        >
          {t("contact.map.open")}
          <span className="sr-only"> {t("common.opensInNewTab")}</span>
          <ExternalLink aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />
        </a>
      </div>
    </Card>
  );
}

type TFormInput = z.input<typeof ZContactInput>;
const EMPTY: TFormInput = { name: "", email: "", subject: "", message: "", website: "" };

function ContactForm() {
  const { t, i18n } = usePublicT();
  const form = useForm<TFormInput, unknown, TContactInput>({
    resolver: zodResolver(ZContactInput),
    defaultValues: EMPTY,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, handleSubmit, reset, formState } = form;
  const { errors, isSubmitting } = formState;

  // Both languages, so the toast follows a language switch while it is on screen.
  const both = (key: string) => ({
    en: i18n.t(key, { lng: "en", ns: "pages" }),
    ar: i18n.t(key, { lng: "ar", ns: "pages" }),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await Promise.all([sendContactMessage(values), loadBothLanguages()]);
      toast({ title: both("contact.success.title"), description: both("contact.success.description"), variant: "success" });
      reset(EMPTY);
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-bold">{t("contact.form.title")}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("contact.form.required")}</p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label={t("contact.form.title")} data-testid="contact-form">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("contact.form.name")} error={errors.name}>
            {(props) => <Input autoComplete="name" placeholder={t("contact.form.namePlaceholder")} {...props} {...register("name")} />}
          </Field>
          <Field label={t("contact.form.email")} error={errors.email}>
            {(props) => (
              <Input
                type="email"
                dir="ltr"
                autoComplete="email"
                inputMode="email"
                placeholder={t("contact.form.emailPlaceholder")}
                className="rtl:text-right"
                {...props}
                {...register("email")}
              />
            )}
          </Field>
        </div>
        <Field label={t("contact.form.subject")} error={errors.subject}>
          {(props) => <Input placeholder={t("contact.form.subjectPlaceholder")} {...props} {...register("subject")} />}
        </Field>
        <Field label={t("contact.form.message")} error={errors.message}>
          {(props) => <Textarea rows={6} placeholder={t("contact.form.messagePlaceholder")} {...props} {...register("message")} />}
        </Field>
        {/* The honeypot: off-screen and out of the tab order; people never fill it, form-filling bots do. */}
        <div aria-hidden="true" className="sr-only">
          <label htmlFor="contact-website">{t("contact.form.website")}</label>
          <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {isSubmitting ? t("contact.form.sending") : t("contact.form.submit")}
        </Button>
      </form>
    </Card>
  );
}

type TFieldProps = {
  id: string;
  required: true;
  "aria-required": true;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
};

function Field({ label, error, children }: { label: string; error?: FieldError; children: (props: TFieldProps) => ReactNode }) {
  const { t } = usePublicT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        <span aria-hidden="true" className="text-destructive-text">
          *
        </span>
      </Label>
      {children({
        id,
        required: true,
        "aria-required": true,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? errorId : undefined,
      })}
      {error?.message && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive-text">
          {t(error.message)}
        </p>
      )}
    </div>
  );
}

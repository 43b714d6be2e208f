// /sittings/:sittingId/tickets (issue 38): a sitting's printed tickets — one per student, each with the school, the
// student, the exam and its time, and the code that signs the student in to this sitting. The tickets' language is
// chosen here, apart from the page's; one per A4 page or several with cut lines; printed with the print stylesheet
// (the toolbar and the reissue buttons are not printed). Reissue asks first: the printed code stops working.
import { ArrowLeft, LoaderCircle, Printer, RotateCcw, Users } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { TTicket, TTicketList } from "@shared/schemas/sitting";
import { PageFrame } from "@web/components/layout/page-frame";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { toast, toastError } from "@web/components/ui/use-toast";
import { LOCALE } from "@web/lib/format";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { livePath, useReissueTicket, useTickets } from "../api";
import { pick, useSittingsT, type TLang } from "../lib/use-sittings-t";

export function TicketsPage() {
  const { sittingId = "" } = useParams();
  return (
    <PageFrame className="max-w-5xl">
      <Tickets key={sittingId} sittingId={sittingId} />
    </PageFrame>
  );
}

export default TicketsPage;

function Tickets({ sittingId }: { sittingId: string }) {
  const { t } = useSittingsT();
  const query = useTickets(sittingId);
  if (query.data) return <TicketSheet list={query.data} sittingId={sittingId} />;
  if (query.isError) return <ErrorState title={t("tickets.loadFailed")} error={query.error} onRetry={() => void query.refetch()} testId="tickets-error" />;
  return <LoadingState label={t("tickets.loading")} testId="tickets-loading" />;
}

/** Where students type their code: this site's /sitting page, isolated (FSI … PDI) so an Arabic line keeps it whole. */
const codeAddress = () => `\u2068${window.location.host}/sitting\u2069`;

function TicketSheet({ list, sittingId }: { list: TTicketList; sittingId: string }) {
  const { t, lang } = useSittingsT();
  const [ticketLang, setTicketLang] = useState<TLang>(lang);
  const [several, setSeveral] = useState(true);
  const [reissuing, setReissuing] = useState<TTicket | null>(null);
  useDocumentTitle(t("tickets.pageTitle", { exam: pick(lang, list.exam.titleAr, list.exam.titleEn) }));
  const choice = (active: boolean) => cn("rounded-md px-3 py-1.5 text-sm font-medium", active ? "bg-primary text-primary-foreground" : "hover:bg-muted");

  return (
    <div className="flex flex-col gap-6" data-testid="tickets-page">
      <div className="flex flex-col gap-4 print:hidden">
        <Button variant="ghost" size="sm" asChild className="-ms-2 w-fit">
          <Link to={livePath(sittingId)}>
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {t("live.title")}
          </Link>
        </Button>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold">{t("tickets.title")}</h1>
          <p className="text-lg font-medium">
            <bdi>{pick(lang, list.exam.titleAr, list.exam.titleEn)}</bdi>
          </p>
          <p className="text-sm text-muted-foreground">{t("tickets.description", { address: codeAddress() })}</p>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <div role="group" aria-label={t("tickets.language")} className="flex flex-col gap-1">
            <span className="text-sm text-muted-foreground">{t("tickets.language")}</span>
            <div className="flex gap-1 rounded-lg border border-input-border p-1">
              {(["ar", "en"] as const).map((l) => (
                <button key={l} type="button" lang={l} aria-pressed={ticketLang === l} className={choice(ticketLang === l)} onClick={() => setTicketLang(l)} data-testid={`tickets-lang-${l}`}>
                  {l === "ar" ? "العربية" : "English"}
                </button>
              ))}
            </div>
          </div>
          <div role="group" aria-label={t("tickets.layout")} className="flex flex-col gap-1">
            <span className="text-sm text-muted-foreground">{t("tickets.layout")}</span>
            <div className="flex gap-1 rounded-lg border border-input-border p-1">
              <button type="button" aria-pressed={!several} className={choice(!several)} onClick={() => setSeveral(false)}>
                {t("tickets.onePerPage")}
              </button>
              <button type="button" aria-pressed={several} className={choice(several)} onClick={() => setSeveral(true)}>
                {t("tickets.severalPerPage")}
              </button>
            </div>
          </div>
          <Button onClick={() => window.print()} disabled={!list.tickets.length} data-testid="tickets-print">
            <Printer aria-hidden="true" />
            {t("tickets.print")}
          </Button>
        </div>
      </div>

      {list.tickets.length === 0 ? (
        <EmptyState icon={Users} testId="tickets-empty">
          {t("tickets.empty")}
        </EmptyState>
      ) : (
        <ul className={cn("grid gap-4 print:gap-0", several ? "sm:grid-cols-2 print:grid-cols-2" : "grid-cols-1")} data-testid="tickets">
          {list.tickets.map((ticket) => (
            <li key={ticket.studentId} className={cn("flex flex-col gap-2 break-inside-avoid", !several && "print:break-after-page")}>
              <TicketCard list={list} ticket={ticket} lang={ticketLang} several={several} />
              <div className="flex items-center gap-2 print:hidden">
                <Button size="sm" variant="outline" onClick={() => setReissuing(ticket)} aria-label={t("tickets.reissueItem", { name: ticket.name })} data-testid="ticket-reissue">
                  <RotateCcw aria-hidden="true" />
                  {t("tickets.reissue")}
                </Button>
                {ticket.signedIn && <span className="text-sm text-muted-foreground">{t("tickets.signedIn")}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {reissuing && <ReissueDialog sittingId={sittingId} ticket={reissuing} onClose={() => setReissuing(null)} />}
    </div>
  );
}

/** One ticket, in its own language and direction whatever the page's; white paper in both themes. */
function TicketCard({ list, ticket, lang, several }: { list: TTicketList; ticket: TTicket; lang: TLang; several: boolean }) {
  const { t } = useSittingsT();
  const w = (key: string) => t(`ticket.${lang}.${key}`, { address: codeAddress() });
  const school = pick(lang, ticket.schoolNameAr ?? list.sitting.schoolNameAr ?? "", ticket.schoolNameEn ?? list.sitting.schoolNameEn ?? "");
  const when = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "full", timeStyle: "short" }).format(new Date(list.sitting.startsAt));
  return (
    <article
      lang={lang}
      dir={lang === "ar" ? "rtl" : "ltr"}
      className={cn(
        "flex flex-col gap-3 rounded-xl border-2 border-dashed border-neutral-400 bg-white p-5 text-neutral-900 print:rounded-none print:[print-color-adjust:exact]",
        !several && "print:min-h-[120mm] print:border-solid",
      )}
      data-testid="ticket"
    >
      <header className="flex items-baseline justify-between gap-3 border-b border-neutral-300 pb-2">
        <p className="font-bold">{school}</p>
        <p className="text-sm text-neutral-600">{w("heading")}</p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-neutral-600">{w("student")}</dt>
        <dd className="font-semibold">
          <bdi>{ticket.name}</bdi>
        </dd>
        {ticket.className && (
          <>
            <dt className="text-neutral-600">{w("class")}</dt>
            <dd>
              <bdi>{ticket.className}</bdi>
            </dd>
          </>
        )}
        <dt className="text-neutral-600">{w("exam")}</dt>
        <dd>
          <bdi>{pick(lang, list.exam.titleAr, list.exam.titleEn)}</bdi>
        </dd>
        <dt className="text-neutral-600">{w("time")}</dt>
        <dd>{when}</dd>
      </dl>
      <div className="flex flex-col items-center gap-1 rounded-lg bg-neutral-100 py-3">
        <p className="text-xs text-neutral-600">{w("code")}</p>
        <p dir="ltr" className="font-mono text-3xl font-bold tracking-[0.2em]" data-testid="ticket-code">
          {ticket.code}
        </p>
      </div>
      <p className="text-xs text-neutral-700">{w("how")}</p>
    </article>
  );
}

function ReissueDialog({ sittingId, ticket, onClose }: { sittingId: string; ticket: TTicket; onClose: () => void }) {
  const { t } = useSittingsT();
  const reissue = useReissueTicket(sittingId);
  const confirm = () =>
    reissue.mutate(ticket.studentId, {
      onSuccess: (fresh) => {
        toast({ variant: "success", title: t("tickets.reissued", { name: fresh.name, code: fresh.code }) });
        onClose();
      },
      onError: (error) => toastError(error),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && !reissue.isPending && onClose()}>
      <DialogContent className="max-w-[440px]" data-testid="reissue-dialog">
        <DialogHeader>
          <DialogTitle>{t("tickets.reissueTitle")}</DialogTitle>
          <DialogDescription>{t("tickets.reissueBody", { name: ticket.name })}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="mt-2">
          <DialogClose asChild>
            <Button variant="outline" disabled={reissue.isPending}>
              {t("common.cancel")}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={reissue.isPending} data-testid="reissue-confirm">
            {reissue.isPending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {t("tickets.reissueConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

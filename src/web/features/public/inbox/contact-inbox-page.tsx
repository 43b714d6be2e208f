// /dashboard/messages (super_admin): the messages sent through the public contact form. A list with paging
// and an unread filter; opening a message shows it in full, with "mark as read" and a reply-by-email link.
import { ArrowLeft, Inbox, Mail, MailOpen } from "lucide-react";
import { useState } from "react";
import { CONTACT_PAGE_SIZE, type TContactMessageSummary } from "@shared/schemas/contact";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { toast, toastError } from "@web/components/ui/use-toast";
import { textIn, toErrorBody } from "@web/lib/errors";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { usePublicT } from "../lib/use-public";
import { useContactMessage, useContactMessages, useMarkContactMessageRead } from "./api";

function formatWhen(lang: "ar" | "en", iso: string): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-AE-u-nu-latn" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

export function ContactInboxPage() {
  const { t, lang } = usePublicT();
  useDocumentTitle(t("meta.inbox"));
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = useContactMessages(page, unreadOnly);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / CONTACT_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="inbox-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="inbox-heading" className="text-xl font-bold tracking-tight">
            {t("inbox.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("inbox.subtitle")}</p>
        </div>
        <div role="group" aria-label={t("inbox.title")} className="inline-flex rounded-lg border border-border bg-card p-1">
          {([false, true] as const).map((only) => (
            <Button
              key={String(only)}
              size="sm"
              variant={unreadOnly === only ? "secondary" : "ghost"}
              aria-pressed={unreadOnly === only}
              onClick={() => {
                setUnreadOnly(only);
                setPage(1);
              }}
            >
              {only ? t("inbox.unreadOnly") : t("inbox.all")}
              {only && list.data ? ` (${list.data.unread})` : ""}
            </Button>
          ))}
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className={cn("overflow-hidden", selectedId && "max-lg:hidden")}>
          {list.isPending ? (
            <div className="grid place-items-center p-10">
              <Spinner />
            </div>
          ) : list.isError ? (
            <p role="alert" className="p-6 text-sm text-destructive-text">
              {t("inbox.loadFailed")} {textIn(toErrorBody(list.error).message, lang)}
            </p>
          ) : list.data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 p-10 text-center text-muted-foreground">
              <Inbox aria-hidden="true" className="size-8" />
              <p>{t("inbox.empty")}</p>
            </div>
          ) : (
            <ul className="divide-y divide-border" data-testid="inbox-list">
              {list.data.items.map((item) => (
                <MessageRow key={item.id} item={item} selected={item.id === selectedId} onOpen={() => setSelectedId(item.id)} />
              ))}
            </ul>
          )}
          {list.data && pages > 1 && (
            <nav className="flex items-center justify-between gap-2 border-t border-border p-3 text-sm" aria-label={t("inbox.pageOf", { page, pages })}>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t("inbox.previous")}
              </Button>
              <span className="text-muted-foreground tabular-nums">{t("inbox.pageOf", { page, pages })}</span>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t("inbox.next")}
              </Button>
            </nav>
          )}
        </Card>

        <div className={cn(!selectedId && "max-lg:hidden")}>
          {selectedId ? (
            <MessageDetail id={selectedId} onBack={() => setSelectedId(null)} />
          ) : (
            <Card className="grid min-h-48 place-items-center p-10 text-center text-sm text-muted-foreground">
              {t("inbox.select")}
            </Card>
          )}
        </div>
      </div>
    </section>
  );
}

function MessageRow({ item, selected, onOpen }: { item: TContactMessageSummary; selected: boolean; onOpen: () => void }) {
  const { t, lang } = usePublicT();
  const unread = item.readAt === null;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? "true" : undefined}
        className={cn(
          "block w-full cursor-pointer px-5 py-4 text-start transition-colors outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
          selected && "bg-secondary/70",
        )}
      >
        <span className="flex items-center justify-between gap-3">
          <span className={cn("flex min-w-0 items-center gap-2 truncate", unread && "font-bold")}>
            {unread ? (
              <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
            ) : (
              <span className="size-2 shrink-0" aria-hidden="true" />
            )}
            <span className="truncate">
              <bdi>{item.name}</bdi>
            </span>
            <span className="sr-only">— {unread ? t("inbox.unread") : t("inbox.read")}</span>
          </span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatWhen(lang, item.createdAt)}</span>
        </span>
        <span className={cn("mt-1 block truncate text-sm", unread ? "font-semibold" : "font-medium")}>
          <bdi>{item.subject}</bdi>
        </span>
        <span className="mt-0.5 block truncate text-sm text-muted-foreground">
          <bdi>{item.preview}</bdi>
        </span>
      </button>
    </li>
  );
}

function MessageDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, lang, i18n } = usePublicT();
  const { data, isPending, isError, error } = useContactMessage(id);
  const markRead = useMarkContactMessageRead();

  if (isPending) {
    return (
      <Card className="grid min-h-48 place-items-center">
        <Spinner />
      </Card>
    );
  }
  if (isError) {
    return (
      <Card className="p-6">
        <p role="alert" className="text-sm text-destructive-text">
          {textIn(toErrorBody(error).message, lang)}
        </p>
      </Card>
    );
  }

  const replySubject = `${lang === "ar" ? "رد:" : "Re:"} ${data.subject}`;
  return (
    <Card className="p-6" data-testid="inbox-message">
      <Button variant="ghost" size="sm" className="-ms-2 mb-4 lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
        {t("inbox.back")}
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 text-xl font-bold break-words">
          <bdi>{data.subject}</bdi>
        </h3>
        <span
          className={cn(
            "rounded-full px-2.5 py-0.5 text-xs font-semibold",
            data.readAt ? "bg-muted text-muted-foreground" : "bg-accent text-accent-foreground",
          )}
        >
          {data.readAt ? t("inbox.read") : t("inbox.unread")}
        </span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t("inbox.from")}</dt>
        <dd className="min-w-0 break-words">
          <bdi className="font-semibold">{data.name}</bdi>{" "}
          <a href={`mailto:${data.email}`} className="text-link underline-offset-4 hover:underline">
            <bdi dir="ltr">&lt;{data.email}&gt;</bdi>
          </a>
        </dd>
        <dt className="text-muted-foreground">{t("inbox.received")}</dt>
        <dd>{formatWhen(lang, data.createdAt)}</dd>
        {data.readAt && data.readBy && (
          <>
            <dt className="text-muted-foreground">{t("inbox.read")}</dt>
            <dd>
              {t("inbox.readBy", { name: data.readBy.name })} · {formatWhen(lang, data.readAt)}
            </dd>
          </>
        )}
      </dl>
      <div dir="auto" className="mt-6 rounded-xl border border-border bg-background p-4 leading-relaxed break-words whitespace-pre-wrap">
        {data.message}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {!data.readAt && (
          <Button
            disabled={markRead.isPending}
            onClick={() =>
              markRead.mutate(data.id, {
                onSuccess: () =>
                  toast({
                    title: { en: i18n.t("inbox.markedRead", { lng: "en", ns: "pages" }), ar: i18n.t("inbox.markedRead", { lng: "ar", ns: "pages" }) },
                    variant: "success",
                  }),
                onError: (err) => toastError(err),
              })
            }
          >
            <MailOpen aria-hidden="true" />
            {t("inbox.markRead")}
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={`mailto:${data.email}?subject=${encodeURIComponent(replySubject)}`}>
            <Mail aria-hidden="true" />
            {t("inbox.reply")}
          </a>
        </Button>
      </div>
    </Card>
  );
}

/** The dashboard loads each section's page as a default export (app/dashboard-pages.tsx). */
export default ContactInboxPage;

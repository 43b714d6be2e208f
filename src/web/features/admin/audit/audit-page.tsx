// /dashboard/audit (super_admin): the record of changes to schools and users, newest first, paged, filtered by
// kind of item (and optionally by one item's id); each entry expands to its before/after values.
import { ChevronDown, History } from "lucide-react";
import { useId, useState } from "react";
import type { TDashboardSection, TRole } from "@shared/permissions";
import { LANGUAGE_NAMES, type TLanguage } from "@shared/limits";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { cn } from "@web/lib/utils";
import { useAudit, type TAuditEntry, type TAuditParams } from "../api";
import { Badge } from "../components/badge";
import { DataTable, type TColumn } from "../components/data-table";
import { Pagination } from "@web/components/ui/pagination";
import { SECTION_HEADING_ID, SectionHeader } from "../components/section-header";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { formatDateTime, formatNumber, useAdminT, type TLang } from "../lib/use-admin";
import { pick } from "@web/lib/format";
import { useDebouncedValue } from "../lib/use-debounced-value";

export const AUDIT_PAGE_SIZE = 25;
const ENTITIES = [undefined, "school", "user"] as const;
const ACTION_VARIANT = { create: "success", update: "default", delete: "destructive", import: "gold", password_change: "default" } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MAX_EMAILS_SHOWN = 20;

type TRecord = Record<string, unknown>;
const asRecord = (v: unknown): TRecord | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as TRecord) : null);

export default function AuditPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useAdminT();
  useDocumentTitle(t("audit.title"));
  const [entity, setEntity] = useState<TAuditParams["entity"]>(undefined);
  const [entityIdInput, setEntityIdInput] = useState("");
  const entityId = useDebouncedValue(entityIdInput.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const list = useAudit({ entity, entityId: entityId || undefined, page, pageSize: AUDIT_PAGE_SIZE });
  const filterId = useId();

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: TColumn<TAuditEntry>[] = [
    {
      id: "when",
      header: t("audit.columns.when"),
      className: "whitespace-nowrap tabular-nums",
      cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(lang, e.createdAt)}</time>,
    },
    {
      id: "who",
      header: t("audit.columns.who"),
      cell: (e) =>
        e.actorEmail ? (
          <bdi dir="ltr" className="break-words">
            {e.actorEmail}
          </bdi>
        ) : (
          <span className="text-muted-foreground">{t("audit.unknownActor")}</span>
        ),
    },
    {
      id: "action",
      header: t("audit.columns.action"),
      cell: (e) => (
        <Badge variant={ACTION_VARIANT[e.action as keyof typeof ACTION_VARIANT] ?? "muted"}>
          {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
        </Badge>
      ),
    },
    { id: "entity", header: t("audit.columns.entity"), mobile: "title", cell: (e) => <EntityLabel entry={e} /> },
    {
      id: "details",
      header: t("audit.columns.details"),
      mobile: "actions",
      headerClassName: "text-end",
      className: "md:text-end",
      cell: (e) => {
        const expanded = open.has(e.id);
        return (
          <Button size="sm" variant="ghost" aria-expanded={expanded} aria-controls={`audit-detail-${e.id}`} onClick={() => toggle(e.id)}>
            <ChevronDown aria-hidden="true" className={cn("transition-transform motion-reduce:transition-none", expanded && "rotate-180")} />
            {expanded ? t("audit.hide") : t("audit.show")}
          </Button>
        );
      },
    },
  ];

  const data = list.data;
  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="audit-page">
      <SectionHeader icon={History} title={t("audit.title")} description={t("audit.description")} />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <div role="group" aria-label={t("audit.filter.label")} className="inline-flex w-fit rounded-lg border border-border bg-card p-1">
          {ENTITIES.map((value) => (
            <Button
              key={value ?? "all"}
              size="sm"
              variant={entity === value ? "secondary" : "ghost"}
              aria-pressed={entity === value}
              onClick={() => {
                setEntity(value);
                setPage(1);
              }}
            >
              {t(`audit.filter.${value ?? "all"}`)}
            </Button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm font-medium whitespace-nowrap">
            {t("audit.entityId")}
          </label>
          <Input
            id={filterId}
            dir="ltr"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="school_xyz"
            value={entityIdInput}
            onChange={(e) => {
              setEntityIdInput(e.target.value);
              setPage(1);
            }}
            className="h-10 w-full text-start font-mono sm:w-64"
          />
        </div>
      </div>

      {list.isPending ? (
        <LoadingState />
      ) : list.isError && !data ? (
        <ErrorState title={t("audit.loadFailed")} error={list.error} onRetry={() => void list.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon={History}>{t("audit.empty")}</EmptyState>
      ) : (
        <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"}>
          <DataTable
            label={t("audit.tableLabel")}
            columns={columns}
            rows={data.items}
            rowKey={(e) => e.id}
            rowProps={(e) => ({ "data-testid": `audit-row-${e.entityId}` })}
            after={(e) =>
              open.has(e.id) ? (
                <tr
                  role="row"
                  className="border-b border-border last:border-b-0 max-md:-mt-3 max-md:block max-md:overflow-hidden max-md:rounded-b-2xl max-md:border max-md:border-t-0 max-md:bg-card max-md:shadow-sm"
                >
                  <td role="cell" colSpan={columns.length} id={`audit-detail-${e.id}`} className="bg-muted/30 px-4 py-4 max-md:block">
                    <AuditDetail entry={e} />
                  </td>
                </tr>
              ) : null
            }
            testId="audit-table"
          />
        </div>
      )}

      {data && <Pagination page={page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onPageChange={setPage} />}
      {data && data.total > 0 && data.total <= AUDIT_PAGE_SIZE && (
        <p className="text-sm text-muted-foreground tabular-nums">{t("common.total", { total: formatNumber(lang, data.total) })}</p>
      )}
    </section>
  );
}

/** "School · name (id)" or "User · name <email>" from the entry's own before/after. */
function EntityLabel({ entry }: { entry: TAuditEntry }) {
  const { t, lang } = useAdminT();
  const snapshot = asRecord(entry.after) ?? asRecord(entry.before) ?? {};
  const kind = t(`audit.entities.${entry.entity}`, { defaultValue: entry.entity });
  if (entry.action === "import") {
    const role = String(snapshot.role ?? "");
    return (
      <span className="flex flex-col">
        <span>{t(`audit.importOf.${role}`, { defaultValue: kind })}</span>
        <span className="text-xs font-normal text-muted-foreground">
          {t("audit.fields.count")}: {String(snapshot.count ?? "")}
        </span>
      </span>
    );
  }
  // A person's name; a school's or skill's pair (issue 33), in the page's language; older entries' single name.
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const name = text(snapshot.name) || pick(lang, text(snapshot.nameAr), text(snapshot.nameEn)) || null;
  const secondary = entry.entity === "user" && typeof snapshot.email === "string" ? snapshot.email : entry.entityId;
  return (
    <span className="flex min-w-0 flex-col items-start">
      <span>
        <span className="text-muted-foreground">{kind}</span>
        {name && (
          <>
            {" · "}
            <bdi className="font-medium">{name}</bdi>
          </>
        )}
      </span>
      <bdi dir="ltr" className="font-mono text-xs font-normal break-words text-muted-foreground">
        {secondary}
      </bdi>
    </span>
  );
}

function formatValue(value: unknown, key: string, lang: TLang, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (value === null || value === undefined || value === "") return t("common.empty");
  if (typeof value === "boolean") return value ? t("audit.yes") : t("audit.no");
  if (key === "role" && typeof value === "string") return t(`dashboard.roles.${value as TRole}`, { ns: "translation", defaultValue: value });
  if (key === "emailLang" && typeof value === "string") return LANGUAGE_NAMES[value as TLanguage] ?? value;
  if (key === "via" && typeof value === "string") return t(`audit.via.${value}`, { defaultValue: value });
  if (typeof value === "string" && ISO_DATE.test(value)) return formatDateTime(lang, value);
  if (Array.isArray(value)) {
    const head = value.slice(0, MAX_EMAILS_SHOWN).map(String).join(", ");
    return value.length > MAX_EMAILS_SHOWN ? `${head}, … (+${value.length - MAX_EMAILS_SHOWN})` : head;
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Field | Before | After, with the fields that changed marked. */
function AuditDetail({ entry }: { entry: TAuditEntry }) {
  const { t, lang } = useAdminT();
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const showBefore = before !== null;
  const showAfter = after !== null;
  const same = (k: string) => JSON.stringify(before?.[k]) === JSON.stringify(after?.[k]);
  return (
    <div className="flex flex-col gap-2 text-start" data-testid="audit-detail">
      {showBefore && showAfter && <p className="text-xs text-muted-foreground">{t("audit.changedFields")}</p>}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] border-collapse text-[0.8125rem]">
          <thead>
            <tr className="text-xs text-muted-foreground">
              <th scope="col" className="py-1.5 pe-4 text-start font-semibold">
                {t("audit.field")}
              </th>
              {showBefore && (
                <th scope="col" className="py-1.5 pe-4 text-start font-semibold">
                  {t("audit.before")}
                </th>
              )}
              {showAfter && (
                <th scope="col" className="py-1.5 text-start font-semibold">
                  {t("audit.after")}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => {
              const changed = showBefore && showAfter && !same(k);
              return (
                <tr key={k} className={cn("border-t border-border align-top", changed && "bg-accent/60")} data-changed={changed || undefined}>
                  <th scope="row" className="py-1.5 pe-4 text-start font-medium whitespace-nowrap">
                    {t(`audit.fields.${k}`, { defaultValue: k })}
                  </th>
                  {showBefore && (
                    <td className={cn("py-1.5 pe-4 break-words", changed && "text-muted-foreground line-through decoration-destructive-text/60")}>
                      <bdi dir="auto">{formatValue(before?.[k], k, lang, t)}</bdi>
                    </td>
                  )}
                  {showAfter && (
                    <td className={cn("py-1.5 break-words", changed && "font-semibold")}>
                      <bdi dir="auto">{formatValue(after?.[k], k, lang, t)}</bdi>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

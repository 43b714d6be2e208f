// The bank's search, filters and paged list (issue 34): the bank page shows it with a preview per row, the exam
// editor's "Add from the bank" with a choose button per row. Every filter is the server's (GET /api/bank): it folds
// Arabic (diacritics, hamza seats, tatweel) in the search, so the box sends the words as typed.
import { Eye, FilterX, Library, Plus, Check } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GRADES } from "@shared/limits";
import { QUESTION_TYPES, type TQuestionType } from "@shared/schemas/exam";
import type { TBankItemSummary } from "@shared/schemas/bank";
import { BANK_PAGE_SIZE } from "@shared/schemas/bank";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/features/admin/components/badge";
import { useDebouncedValue } from "@web/features/admin/lib/use-debounced-value";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Pagination } from "@web/components/ui/pagination";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states";
import { skillsQuery, subjectsQuery } from "@web/lib/catalogue";
import { formatNumber, formatPercent, pick } from "@web/lib/format";
import { useBankItems, type TBankOwner, type TBankParams } from "./api";
import { useBankT } from "./use-bank-t";

const ANY = "any";
const OWNERS: TBankOwner[] = ["mine", "school", "system"];
type TFilters = Omit<TBankParams, "q" | "page" | "pageSize">;

export function BankList({
  onPreview,
  isChosen,
  onChoose,
  fixedSubjectId,
  pageActions,
}: {
  onPreview?: (item: TBankItemSummary) => void;
  /** Actions on the page of results shown (the bank page's "Export as QTI"). */
  pageActions?: (items: TBankItemSummary[]) => ReactNode;
  /** With onChoose: the row's button adds the item to (or takes it off) a choice instead of previewing it. */
  isChosen?: (id: string) => boolean;
  onChoose?: (item: TBankItemSummary) => void;
  /** An exam holds items of its own subject only: the editor's dialog fixes the subject. */
  fixedSubjectId?: string;
}) {
  const { t, lang } = useBankT();
  const { t: tc } = useTranslation();
  const [qInput, setQInput] = useState("");
  const q = useDebouncedValue(qInput.trim(), 300);
  const [filters, setFilters] = useState<TFilters>({});
  const [page, setPage] = useState(1);
  const subjectId = fixedSubjectId ?? filters.subjectId;
  const list = useBankItems({ ...filters, subjectId, q: q || undefined, page, pageSize: BANK_PAGE_SIZE });
  const subjects = useQuery(subjectsQuery);
  const skills = useQuery({ ...skillsQuery(subjectId), enabled: !!subjectId });
  const searchId = useId();

  const set = (patch: Partial<TFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const filtered = q !== "" || Object.values(filters).some((v) => v !== undefined && v !== false);

  const select = (id: string, label: string, value: string | undefined, onChange: (v: string | undefined) => void, options: { value: string; label: string }[]) => (
    <div className="flex min-w-0 flex-col gap-1">
      <span id={`${searchId}-${id}`} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <Select value={value ?? ANY} onValueChange={(v) => onChange(v === ANY ? undefined : v)}>
        <SelectTrigger aria-labelledby={`${searchId}-${id}`} className="h-10" data-testid={`bank-filter-${id}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{t("filters.any")}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );

  const flag = (key: "neverUsed" | "usedInLastYear" | "includeRetired") => (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-primary" checked={!!filters[key]} onChange={(e) => set({ [key]: e.target.checked || undefined })} data-testid={`bank-filter-${key}`} />
      {t(`filters.${key}`)}
    </label>
  );

  const percentInput = (key: "facilityMin" | "facilityMax") => (
    <label className="inline-flex items-center gap-1.5 text-sm">
      {t(`filters.${key}`)}
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        dir="ltr"
        className="h-10 w-20"
        value={filters[key] === undefined ? "" : Math.round(filters[key] * 100)}
        onChange={(e) => {
          const n = e.target.value === "" ? undefined : Number(e.target.value);
          set({ [key]: n === undefined || !Number.isFinite(n) ? undefined : Math.min(100, Math.max(0, n)) / 100 });
        }}
        data-testid={`bank-filter-${key}`}
      />
    </label>
  );

  const data = list.data;
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3 p-4" role="search" aria-label={t("filters.label")}>
        <label htmlFor={searchId} className="sr-only">
          {t("search.label")}
        </label>
        <Input
          id={searchId}
          type="search"
          autoComplete="off"
          placeholder={t("search.placeholder")}
          value={qInput}
          maxLength={200}
          onChange={(e) => {
            setQInput(e.target.value);
            setPage(1);
          }}
          data-testid="bank-search"
        />
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          {!fixedSubjectId &&
            select("subject", t("filters.subject"), filters.subjectId, (v) => set({ subjectId: v, skillId: undefined }), (subjects.data ?? []).map((s) => ({ value: s.id, label: pick(lang, s.nameAr, s.nameEn) })))}
          {select("grade", t("filters.grade"), filters.grade?.toString(), (v) => set({ grade: v ? Number(v) : undefined }), GRADES.map((g) => ({ value: String(g), label: tc("common.grade", { grade: g }) })))}
          {subjectId &&
            select("skill", t("filters.skill"), filters.skillId, (v) => set({ skillId: v }), (skills.data ?? []).map((s) => ({ value: s.id, label: pick(lang, s.nameAr, s.nameEn) })))}
          {select("type", t("filters.type"), filters.type, (v) => set({ type: v as TQuestionType | undefined }), QUESTION_TYPES.map((type) => ({ value: type, label: tc(`exams:types.${type}`) })))}
          {select("owner", t("filters.owner"), filters.owner, (v) => set({ owner: v as TBankOwner | undefined }), OWNERS.map((o) => ({ value: o, label: t(`owners.${o}`) })))}
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <fieldset className="inline-flex flex-wrap items-center gap-2">
            <legend className="sr-only">{t("filters.facility")}</legend>
            <span aria-hidden="true" className="text-sm font-medium">
              {t("filters.facility")}
            </span>
            {percentInput("facilityMin")}
            {percentInput("facilityMax")}
          </fieldset>
          {flag("neverUsed")}
          {flag("usedInLastYear")}
          {flag("includeRetired")}
          {filtered && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setFilters({});
                setQInput("");
                setPage(1);
              }}
            >
              <FilterX aria-hidden="true" />
              {t("filters.clear")}
            </Button>
          )}
        </div>
      </Card>

      {list.isPending ? (
        <LoadingState testId="bank-loading" />
      ) : list.isError && !data ? (
        <ErrorState title={t("loadFailed")} error={list.error} onRetry={() => void list.refetch()} testId="bank-error" />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon={Library} hint={filtered ? t("emptyHint") : undefined} testId="bank-empty">
          {t("empty")}
        </EmptyState>
      ) : (
        <div className={list.isPlaceholderData ? "flex flex-col gap-3 opacity-60 transition-opacity" : "flex flex-col gap-3"}>
          <ul aria-label={t("listLabel")} className="flex flex-col gap-3" data-testid="bank-list">
            {data.items.map((item) => (
              <BankRow key={item.id} item={item}>
                {onChoose ? (
                  <Button size="sm" variant={isChosen?.(item.id) ? "secondary" : "outline"} aria-pressed={!!isChosen?.(item.id)} onClick={() => onChoose(item)} data-testid="bank-choose">
                    {isChosen?.(item.id) ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
                    {isChosen?.(item.id) ? t("actions.selected") : t("actions.select")}
                  </Button>
                ) : (
                  onPreview && (
                    <Button size="sm" variant="outline" onClick={() => onPreview(item)} data-testid="bank-preview">
                      <Eye aria-hidden="true" />
                      {t("preview.open")}
                    </Button>
                  )
                )}
              </BankRow>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={setPage} testId="bank-pager" />
          {pageActions && <div className="flex flex-wrap justify-end gap-2">{pageActions(data.items)}</div>}
        </div>
      )}
    </div>
  );
}

/** One item: its text in the page's language, type, skill, owner, where it was used, exposure and facility. */
function BankRow({ item, children }: { item: TBankItemSummary; children: ReactNode }) {
  const { t, lang } = useBankT();
  const { t: tc } = useTranslation();
  const skills = useQuery(skillsQuery(item.subjectId));
  const skill = item.skillId ? skills.data?.find((s) => s.id === item.skillId) : undefined;
  const text = pick(lang, item.questionTextAr, item.questionTextEn);
  const shown = item.uses.slice(0, 2).map((u) => pick(lang, u.titleAr, u.titleEn));
  const sep = lang === "ar" ? "، " : ", ";
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="bank-row">
        <div className="flex min-w-0 flex-col gap-2">
          <p className="line-clamp-3 font-medium break-words" dir="auto">
            {text}
          </p>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="muted">{tc(`exams:types.${item.type}`)}</Badge>
            {skill && <Badge>{pick(lang, skill.nameAr, skill.nameEn)}</Badge>}
            <Badge variant={item.owner === "system" ? "gold" : "muted"}>{t(`ownerBadge.${item.owner}`)}</Badge>
            <Badge variant="muted">{t("version", { n: formatNumber(lang, item.currentVersion) })}</Badge>
            {item.retiredAt && <Badge variant="destructive">{t("retired")}</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">
            {shown.length === 0
              ? t("neverUsed")
              : item.uses.length > shown.length
                ? t("usedInMore", { exams: shown.join(sep), n: formatNumber(lang, item.uses.length - shown.length) })
                : t("usedIn", { exams: shown.join(sep) })}
          </p>
          <p className="text-sm text-muted-foreground tabular-nums">
            {t("exposure", { n: formatNumber(lang, item.exposure) })} · {item.facility === null ? t("noFacility") : t("facility", { value: formatPercent(lang, item.facility * 100) })}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">{children}</div>
      </Card>
    </li>
  );
}

// Choosing students for a file: a search box that asks the users API, a checkbox list that grows with "Show
// more", "Select all shown", and the number chosen. The selection survives new searches (it is a set of ids),
// so a teacher can search for one class after another.
import { useInfiniteQuery } from "@tanstack/react-query";
import { RotateCw, Search, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type ComponentProps } from "react";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { textIn, toErrorBody } from "@web/lib/errors";
import { useSession } from "@web/lib/session";
import { cn } from "@web/lib/utils";
import { studentSearchQuery } from "../api";
import { formatNumber, useFilesT } from "../lib/use-files";
import { pickOrNull } from "@web/lib/format";

function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function Checkbox({ checked, indeterminate = false, className, ...props }: ComponentProps<"input"> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      className={cn(
        "size-4.5 shrink-0 cursor-pointer rounded accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card disabled:cursor-not-allowed",
        className,
      )}
      {...props}
    />
  );
}

export function StudentPicker({
  selected,
  onChange,
  disabled = false,
  labelledBy,
}: {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  disabled?: boolean;
  /** Id of the heading that names this picker. */
  labelledBy?: string;
}) {
  const { t, lang } = useFilesT();
  const { user } = useSession();
  const id = useId();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const query = useInfiniteQuery(studentSearchQuery(q));
  const students = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  // A super_admin chooses across schools, so each student's school is shown.
  const showSchool = user?.role === "super_admin";

  const shownSelected = students.filter((s) => selected.has(s.id)).length;
  const allShown = students.length > 0 && shownSelected === students.length;
  const someShown = shownSelected > 0 && !allShown;

  const toggle = (studentId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(studentId);
    else next.delete(studentId);
    onChange(next);
  };
  const toggleAllShown = (on: boolean) => {
    const next = new Set(selected);
    for (const s of students) {
      if (on) next.add(s.id);
      else next.delete(s.id);
    }
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-3" role="group" aria-labelledby={labelledBy} data-testid="student-picker">
      <div role="search" className="relative">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t("picker.search")}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted-foreground" />
        <Input
          id={`${id}-search`}
          type="search"
          // "auto" only once something is typed: an empty input would lay the placeholder out left-to-right.
          dir={search ? "auto" : undefined}
          autoComplete="off"
          spellCheck={false}
          value={search}
          disabled={disabled}
          placeholder={t("picker.placeholder")}
          onChange={(e) => setSearch(e.target.value)}
          className="ps-9 pe-10 text-start [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <button
            type="button"
            onClick={() => setSearch("")}
            aria-label={t("picker.clearSearch")}
            className="absolute inset-y-0 end-1 my-auto grid size-9 cursor-pointer place-items-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>

      <div className="overflow-hidden rounded-xl border border-border">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-border bg-muted/50 px-3 py-2">
          <label className={cn("flex min-h-9 items-center gap-2.5 text-sm font-medium", (disabled || students.length === 0) && "opacity-60")}>
            <Checkbox
              checked={allShown}
              indeterminate={someShown}
              disabled={disabled || students.length === 0}
              onChange={(e) => toggleAllShown(e.target.checked)}
              data-testid="picker-select-all"
            />
            {t("picker.selectAllShown")}
          </label>
          <div className="flex items-center gap-2">
            <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="picker-count">
              {t("picker.selectedCount", { count: selected.size })}
            </span>
            {selected.size > 0 && (
              <Button variant="link" size="sm" disabled={disabled} onClick={() => onChange(new Set())} className="text-[0.8125rem]">
                {t("picker.clear")}
              </Button>
            )}
          </div>
        </div>

        <div className="max-h-52 overflow-y-auto overscroll-contain sm:max-h-64" aria-busy={query.isFetching}>
          {query.isPending ? (
            <div className="grid min-h-32 place-items-center p-6">
              <Spinner />
            </div>
          ) : query.isError ? (
            <div role="alert" className="flex flex-col items-start gap-2 p-4 text-sm">
              <p className="font-semibold text-destructive-text">{t("picker.loadFailed")}</p>
              <p className="text-muted-foreground">{textIn(toErrorBody(query.error).message, lang)}</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RotateCw aria-hidden="true" />
                {t("picker.retry")}
              </Button>
            </div>
          ) : students.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">{q ? t("picker.noMatch") : t("picker.none")}</p>
          ) : (
            <ul aria-label={t("picker.listLabel")} className="divide-y divide-border">
              {students.map((s) => {
                const checked = selected.has(s.id);
                return (
                  <li key={s.id}>
                    <label
                      className={cn(
                        "flex cursor-pointer items-center gap-3 px-3 py-2.5 transition-colors hover:bg-muted/60",
                        checked && "bg-accent/40",
                        disabled && "cursor-not-allowed opacity-60",
                      )}
                      data-testid="picker-student"
                    >
                      <Checkbox checked={checked} disabled={disabled} onChange={(e) => toggle(s.id, e.target.checked)} />
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate text-sm font-medium">
                          <bdi>{s.name}</bdi>
                        </span>
                        <span className="flex min-w-0 flex-wrap gap-x-2 text-xs text-muted-foreground">
                          <bdi className="truncate">{s.username}</bdi>
                          <span aria-hidden="true">·</span>
                          <bdi className="truncate" dir="ltr">
                            {s.email}
                          </bdi>
                          {showSchool && s.schoolNameAr !== null && (
                            <>
                              <span aria-hidden="true">·</span>
                              <bdi className="truncate">{pickOrNull(lang, s.schoolNameAr, s.schoolNameEn)}</bdi>
                            </>
                          )}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>

        {students.length > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-3 py-2 text-xs text-muted-foreground">
            <span className="tabular-nums">
              {t("picker.showing", { shown: formatNumber(lang, students.length), total: formatNumber(lang, total) })}
            </span>
            {query.hasNextPage && (
              <Button variant="ghost" size="sm" disabled={disabled || query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage && <Spinner className="[&_svg]:size-4" />}
                {t("picker.loadMore")}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

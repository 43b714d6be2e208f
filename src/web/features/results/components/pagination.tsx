import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { formatNumber, useResultsT } from "../lib/format";

/** Previous / next with "1–25 of 300". Renders nothing when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange }: { page: number; pageSize: number; total: number; onPageChange: (page: number) => void }) {
  const { t, lang } = useResultsT();
  if (total <= pageSize && page <= 1) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const n = (v: number) => formatNumber(lang, v);
  return (
    <nav aria-label={t("pager.label")} className="flex flex-wrap items-center justify-between gap-3" data-testid="results-pager">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t("pager.range", { from: n(from), to: n(to), total: n(total) })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
          {t("pager.previous")}
        </Button>
        <span className="px-1 text-sm whitespace-nowrap tabular-nums">{t("pager.pageOf", { page: n(page), pages: n(pages) })}</span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          {t("pager.next")}
          <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}

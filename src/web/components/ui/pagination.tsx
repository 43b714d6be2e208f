import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@web/components/ui/button";
import { asLang, formatNumber } from "@web/lib/format";

/** Previous / next with "1–50 of 5,000". Renders nothing when everything fits on the first page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  testId = "pager",
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  if (total <= pageSize && page <= 1) return null;
  const lang = asLang(i18n.language);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const n = (v: number) => formatNumber(lang, v);
  return (
    <nav aria-label={t("pager.label")} className="flex flex-wrap items-center justify-between gap-3" data-testid={testId}>
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

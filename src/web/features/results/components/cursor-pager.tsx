// Previous / next by cursor (issue 39): the server pages by keyset, so the list knows the pages beside this one and
// how many attempts match (or that more than the count cap do), not how many pages there are. The page number is
// the address's, counted as the user walks: a label, the cursor decides the rows.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@web/components/ui/button";
import { formatNumber, useResultsT } from "../lib/format";

export function CursorPager({
  page,
  pageSize,
  shown,
  total,
  capped,
  hasPrev,
  hasNext,
  onPrev,
  onNext,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  capped: boolean;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  const { t: common } = useTranslation();
  const { t, lang } = useResultsT();
  if (!hasPrev && !hasNext) return null;
  const n = (v: number) => formatNumber(lang, v);
  const from = (page - 1) * pageSize + 1;
  const of = capped ? t("list.pager.moreThan", { n: n(total) }) : n(total);
  return (
    <nav aria-label={common("pager.label")} className="flex flex-wrap items-center justify-between gap-3" data-testid="pager">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {common("pager.range", { from: n(from), to: n(from + shown - 1), total: of })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={!hasPrev} onClick={onPrev} data-testid="pager-previous">
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
          {common("pager.previous")}
        </Button>
        <span className="px-1 text-sm whitespace-nowrap tabular-nums">{t("list.pager.page", { page: n(page) })}</span>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={onNext} data-testid="pager-next">
          {common("pager.next")}
          <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
        </Button>
      </div>
    </nav>
  );
}

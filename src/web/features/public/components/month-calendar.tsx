// One month as a real calendar grid (weeks starting on Sunday), with the cycle's registration and testing
// days marked. The marks carry text for screen readers, not colour alone.
import { dayKind, monthGrid, parseIsoDay, type TTestCycle } from "@shared/content/test-calendar";
import { cn } from "@web/lib/utils";
import { monthYear, weekdayNames } from "../lib/dates";
import { usePublicT } from "../lib/use-public";

export const DAY_STYLES = {
  registration: "bg-amber-100 text-amber-950 ring-1 ring-inset ring-amber-300 dark:bg-amber-400/15 dark:text-amber-100 dark:ring-amber-400/40",
  testing: "bg-primary font-bold text-primary-foreground",
} as const;

export function MonthCalendar({ cycle }: { cycle: TTestCycle }) {
  const { t, lang } = usePublicT();
  const weeks = monthGrid(cycle.year, cycle.month);
  const longNames = weekdayNames(lang, "long");
  const shortNames = weekdayNames(lang, lang === "ar" ? "long" : "short");
  const title = monthYear(lang, cycle.year, cycle.month);
  return (
    <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
      <caption className="sr-only">{t("calendar.monthCaption", { month: title })}</caption>
      <thead>
        <tr>
          {longNames.map((name, i) => (
            <th key={name} scope="col" className="pb-1 text-xs font-medium text-muted-foreground">
              <abbr title={name} className="no-underline">
                <span aria-hidden="true" className="sm:hidden">
                  {weekdayNames(lang, "narrow")[i]}
                </span>
                <span aria-hidden="true" className="hidden sm:inline lg:hidden xl:inline">
                  {shortNames[i]}
                </span>
                <span aria-hidden="true" className="hidden lg:inline xl:hidden">
                  {weekdayNames(lang, "narrow")[i]}
                </span>
                <span className="sr-only">{name}</span>
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (!day) return <td key={d} />;
              const kind = dayKind(cycle, day);
              return (
                <td key={day} className="p-0">
                  <span
                    className={cn(
                      "flex aspect-square items-center justify-center rounded-lg tabular-nums",
                      kind ? DAY_STYLES[kind] : "text-foreground",
                    )}
                    data-kind={kind ?? undefined}
                  >
                    {parseIsoDay(day).getUTCDate()}
                    {kind && <span className="sr-only"> — {t(`calendar.${kind}`)}</span>}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CalendarLegend() {
  const { t } = usePublicT();
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
      <span className="font-medium">{t("calendar.legend")}:</span>
      {(["registration", "testing"] as const).map((kind) => (
        <span key={kind} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={cn("size-4 rounded", DAY_STYLES[kind])} />
          {t(`calendar.${kind}`)}
        </span>
      ))}
    </div>
  );
}

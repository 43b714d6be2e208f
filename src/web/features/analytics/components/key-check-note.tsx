// A likely wrong key (issue 35): the top 27 % chose a wrong option more than the key. Said on the question's row
// with the evidence — the top group's share for that option and for the key — by the one rule the server's key
// check uses (chosenOverKeyByStrong). The full table of shares is in the row's details.
import { chosenOverKeyByStrong, type TItemStats } from "@shared/schemas/analytics";
import { formatShare, pick, useAnalyticsT } from "../lib/use-analytics-t";

export function KeyCheckNote({ item }: { item: TItemStats }) {
  const { t, lang } = useAnalyticsT();
  const key = item.options.find((o) => o.isCorrect);
  if (!key || key.upperShare === null) return null;
  const suspect = item.options
    .filter((o) => !o.isCorrect && o.id !== "omitted" && o.upperShare !== null && chosenOverKeyByStrong(o.upperShare, key.upperShare!))
    .sort((a, b) => b.upperShare! - a.upperShare!)[0];
  if (!suspect) return null;
  return (
    <p className="mt-1 max-w-prose text-xs font-medium text-destructive-text" data-testid={`key-check-${item.number}`}>
      {t("keyCheck.note", {
        option: pick(lang, suspect.text.ar, suspect.text.en),
        optionShare: formatShare(lang, suspect.upperShare),
        key: pick(lang, key.text.ar, key.text.en),
        keyShare: formatShare(lang, key.upperShare),
      })}
    </p>
  );
}

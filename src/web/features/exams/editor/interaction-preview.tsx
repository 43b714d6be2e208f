// A new-type question (issue 36) in the student preview: the paper's own field (components/interactions), from the
// question's `interaction` as the save sends it, projected as the paper projects it (no key, the items shuffled),
// disabled like every preview input. A question whose content is missing or not valid yet says so instead.
import { paperInteraction, ZInteraction } from "@shared/item-types";
import type { TImageRef } from "@shared/schemas/exam";
import { InteractionField } from "@web/components/interactions";
import i18n from "@web/lib/i18n";
import type { TLang } from "../lib/use-exams-t";

export function InteractionPreview({ interaction, index, lang, image }: { interaction: unknown; index: number; lang: TLang; image?: TImageRef | undefined }) {
  const t = i18n.getFixedT(lang, "exams");
  if (interaction === null || interaction === undefined) return <p className="text-sm text-muted-foreground italic" data-testid="preview-not-available">{t("preview.notAvailable")}</p>;
  const parsed = ZInteraction.safeParse(interaction);
  if (!parsed.success) return <p className="text-sm text-muted-foreground italic" data-testid="preview-incomplete">{t("preview.incomplete")}</p>;
  const id = `preview-answer-${index}`;
  return (
    <fieldset disabled className="flex min-w-0 flex-col gap-3" aria-labelledby={`preview-q-${index}`}>
      <InteractionField paper={paperInteraction(parsed.data, `preview-${index}`)} response={null} onChange={() => {}} lang={lang} labelledBy={`preview-q-${index}`} hintId={`${id}-hint`} disabled image={image} />
    </fieldset>
  );
}

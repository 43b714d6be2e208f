// A listening clip for a question or a passage (issue 18): an MP3, M4A or OGG file checked by the server, how many
// times a student may play it, and its transcript in each language for staff to give a student who cannot hear it
// (students' copies never carry it: it would answer a listening question).
import { Headphones, LoaderCircle, Trash2 } from "lucide-react";
import { useId } from "react";
import { useController, useFormContext, useWatch, type FieldPath } from "react-hook-form";
import { MAX_AUDIO_PLAYS } from "@shared/limits";
import type { TAudioRef } from "@shared/schemas/exam";
import { AudioClip } from "@web/components/audio-clip";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { Textarea } from "@web/components/ui/textarea";
import type { TExamForm } from "../lib/exam-form";
import { formatNumber, useExamsT } from "../lib/use-exams-t";
import { FieldMessage } from "./field-message";
import { useMediaPicker } from "./use-media-picker";

const ACCEPT = "audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,.mp3,.m4a,.ogg";
const UNLIMITED = "unlimited";

export function AudioField({ path, testId }: { path: FieldPath<TExamForm>; testId: string }) {
  const { t, lang } = useExamsT();
  const uid = useId();
  const { control, setValue, register } = useFormContext<TExamForm>();
  const clip = useWatch({ control, name: path }) as TAudioRef | undefined;
  const { busy, picker, open } = useMediaPicker({
    kind: "audio",
    accept: ACCEPT,
    testId,
    onUploaded: (up) =>
      setValue(path, { id: up.id, maxPlays: clip?.maxPlays ?? null, transcriptAr: clip?.transcriptAr ?? "", transcriptEn: clip?.transcriptEn ?? "" } as never, { shouldDirty: true }),
  });
  if (!clip) {
    return (
      <div className="flex flex-col gap-1">
        {picker}
        <Button variant="outline" size="sm" className="self-start" disabled={busy} onClick={open} data-testid={`${testId}-add`}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Headphones aria-hidden="true" />}
          {busy ? t("image.uploading") : t("audio.add")}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-muted/30 p-3" data-testid={testId}>
      {picker}
      <AudioClip clip={{ id: clip.id, maxPlays: null }} lang={lang} />
      <div className="flex flex-wrap items-end gap-3">
        <MaxPlays path={`${path}.maxPlays` as FieldPath<TExamForm>} id={`${uid}-plays`} testId={`${testId}-plays`} />
        <Button variant="ghost" size="sm" disabled={busy} onClick={open} data-testid={`${testId}-replace`}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Headphones aria-hidden="true" />}
          {t("image.replace")}
        </Button>
        <Button variant="ghost" size="sm" className="text-destructive-text hover:bg-destructive/10" onClick={() => setValue(path, null as never, { shouldDirty: true })} data-testid={`${testId}-remove`}>
          <Trash2 aria-hidden="true" />
          {t("audio.remove")}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-tr-ar`} className="text-xs">
            {t("audio.transcriptAr")}
          </Label>
          <Textarea id={`${uid}-tr-ar`} dir="rtl" lang="ar" rows={3} className="min-h-0" {...register(`${path}.transcriptAr` as FieldPath<TExamForm>)} data-testid={`${testId}-transcript-ar`} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-tr-en`} className="text-xs">
            {t("audio.transcriptEn")}
          </Label>
          <Textarea id={`${uid}-tr-en`} dir="ltr" lang="en" rows={3} className="min-h-0" {...register(`${path}.transcriptEn` as FieldPath<TExamForm>)} data-testid={`${testId}-transcript-en`} />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t("audio.transcriptHint")}</p>
      <FieldMessage path={path} />
    </div>
  );
}

/** How many times a student may play the clip: freely, or 1 to MAX_AUDIO_PLAYS times. */
function MaxPlays({ path: playsPath, id, testId: playsTestId }: { path: FieldPath<TExamForm>; id: string; testId: string }) {
  const { t, lang } = useExamsT();
  const { control } = useFormContext<TExamForm>();
  const { field } = useController({ control, name: playsPath });
  const value = typeof field.value === "number" ? String(field.value) : UNLIMITED;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs">
        {t("audio.maxPlays")}
      </Label>
      <Select value={value} onValueChange={(v) => field.onChange(v === UNLIMITED ? null : Number(v))}>
        <SelectTrigger id={id} className="w-48" data-testid={playsTestId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={UNLIMITED}>{t("audio.unlimited")}</SelectItem>
          {Array.from({ length: MAX_AUDIO_PLAYS }, (_, i) => i + 1).map((n) => (
            <SelectItem key={n} value={String(n)}>
              {t("audio.playsCount", { count: n, formatted: formatNumber(lang, n) })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

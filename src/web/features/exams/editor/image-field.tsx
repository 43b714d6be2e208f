// A picture for a question, an option or a passage (issue 18): chosen from the device, checked by the server (PNG,
// JPEG or WebP, by its bytes), shown as it will be, and described in both languages for students who cannot see
// it — the descriptions may wait for the draft, publishing asks for them.
import { ImagePlus, LoaderCircle, Trash2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFormContext, useWatch, type FieldPath } from "react-hook-form";
import { MAX_ALT_LENGTH } from "@shared/limits";
import type { TImageRef } from "@shared/schemas/exam";
import { imageUrl } from "@web/components/exam-image";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { cn } from "@web/lib/utils";
import type { TExamForm } from "../lib/exam-form";
import { useExamsT } from "../lib/use-exams-t";
import { FieldMessage, useFieldA11y } from "./field-message";
import { useMediaPicker } from "./use-media-picker";

const ACCEPT = "image/png,image/jpeg,image/webp";

/** `addLabel`: what the add button says where one item holds two pictures (a matching pair's two sides). */
export function ImageField({ path, testId, compact = false, addLabel }: { path: FieldPath<TExamForm>; testId: string; compact?: boolean; addLabel?: string }) {
  const { t } = useExamsT();
  const uid = useId();
  const { control, setValue, register } = useFormContext<TExamForm>();
  const image = useWatch({ control, name: path }) as TImageRef | undefined;
  const a11y = useFieldA11y(path);
  // After an upload, the description is what the author writes next: it takes the focus once it is on the page.
  const describeNext = useRef(false);
  useEffect(() => {
    if (!image || !describeNext.current) return;
    describeNext.current = false;
    document.getElementById(`${uid}-alt-ar`)?.focus();
  }, [image, uid]);
  const { busy, picker, open } = useMediaPicker({
    kind: "image",
    accept: ACCEPT,
    testId,
    onUploaded: (up) => {
      setValue(path, { id: up.id, width: up.width ?? 0, height: up.height ?? 0, altAr: image?.altAr ?? "", altEn: image?.altEn ?? "" } as never, { shouldDirty: true });
      describeNext.current = true;
    },
  });

  if (!image) {
    return (
      <div className="flex flex-col gap-1">
        {picker}
        <Button variant="outline" size="sm" className="self-start" disabled={busy} onClick={open} data-testid={`${testId}-add`}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <ImagePlus aria-hidden="true" />}
          {busy ? t("image.uploading") : (addLabel ?? t("image.add"))}
        </Button>
        {!compact && <p className="text-xs text-muted-foreground">{t("image.hint")}</p>}
      </div>
    );
  }

  return (
    <div className={cn("flex flex-col gap-3 rounded-xl border border-border bg-muted/30 p-3", compact && "p-2")} data-testid={testId} {...a11y}>
      {picker}
      <div className="flex flex-wrap items-start gap-3">
        <img
          src={imageUrl(image.id)}
          alt=""
          width={image.width}
          height={image.height}
          className={cn("h-auto w-auto rounded-md border border-border bg-white object-contain", compact ? "max-h-20 max-w-32" : "max-h-40 max-w-60")}
          data-testid={`${testId}-preview`}
        />
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" disabled={busy} onClick={open} data-testid={`${testId}-replace`}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <ImagePlus aria-hidden="true" />}
            {t("image.replace")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive-text hover:bg-destructive/10"
            onClick={() => setValue(path, null as never, { shouldDirty: true })}
            data-testid={`${testId}-remove`}
          >
            <Trash2 aria-hidden="true" />
            {t("image.remove")}
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-alt-ar`} className="text-xs">
            {t("image.altAr")}
          </Label>
          <Input id={`${uid}-alt-ar`} dir="rtl" lang="ar" maxLength={MAX_ALT_LENGTH} {...a11y} {...register(`${path}.altAr` as FieldPath<TExamForm>)} data-testid={`${testId}-alt-ar`} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-alt-en`} className="text-xs">
            {t("image.altEn")}
          </Label>
          <Input id={`${uid}-alt-en`} dir="ltr" lang="en" maxLength={MAX_ALT_LENGTH} {...a11y} {...register(`${path}.altEn` as FieldPath<TExamForm>)} data-testid={`${testId}-alt-en`} />
        </div>
      </div>
      {!compact && <p className="text-xs text-muted-foreground">{t("image.altHint")}</p>}
      <FieldMessage path={path} />
    </div>
  );
}

// An exam's image as a student sees it (issue 18): its room kept before it arrives (its size is known), scaled to
// the screen, described for a screen reader in the reader's language, and — outside an answer's label — a button
// that opens it at full size. A picture that cannot be loaded (gone from storage, not this reader's) leaves a short
// note with its description instead of a broken-image icon: `usePictureMissing` and `PictureMissing`, for every view.
import { ImageOff, Maximize2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TImageRef } from "@shared/schemas/exam";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { cn } from "@web/lib/utils";

export const imageUrl = (id: string) => `/api/media/${id}`;

/** The description in the reader's language, or the other one when only it is written (a draft in the preview). */
export const altOf = (image: NonNullable<TImageRef>, lang: "ar" | "en") => (lang === "ar" ? image.altAr || image.altEn : image.altEn || image.altAr);

/** Whether a picture failed to load, and the `onError` that says so: the caller then shows `PictureMissing`. */
export function usePictureMissing(): { missing: boolean; onError: () => void } {
  const [missing, setMissing] = useState(false);
  return { missing, onError: () => setMissing(true) };
}

/** The short note shown where a picture could not be: an icon and words, never colour or a broken image alone. */
export function PictureMissing({ children, small = false, className, testId = "picture-missing" }: { children: ReactNode; small?: boolean; className?: string; testId?: string }) {
  return (
    <span
      className={cn("flex w-fit max-w-full items-start gap-2 rounded-lg border border-dashed border-border px-3 py-2 text-sm text-muted-foreground italic", small && "px-2 py-1 text-xs", className)}
      data-testid={testId}
    >
      <ImageOff aria-hidden="true" className={cn("mt-0.5 shrink-0", small ? "size-3.5" : "size-4")} />
      <span>{children}</span>
    </span>
  );
}

/** The usual note: "The picture could not be shown." and what it showed (its description), in the reader's language. */
export function PictureMissingNote({ lang, alt, small, className }: { lang: "ar" | "en"; alt: string; small?: boolean; className?: string | undefined }) {
  const { i18n } = useTranslation("taking");
  return (
    <PictureMissing small={small} className={className}>
      {i18n.getFixedT(lang, "taking")("take.pictureMissing")}
      {alt && <bdi className="block not-italic">{alt}</bdi>}
    </PictureMissing>
  );
}

export function ExamImage({
  image,
  lang,
  enlargeLabel,
  small = false,
  className,
}: {
  image: NonNullable<TImageRef>;
  lang: "ar" | "en";
  /** "Enlarge image"; without it (inside an option's label) the image is only shown. */
  enlargeLabel?: string;
  /** An option's picture: smaller. */
  small?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const picture = usePictureMissing();
  const alt = altOf(image, lang);
  // The description says what the picture showed; nothing to enlarge.
  if (picture.missing) return <PictureMissingNote lang={lang} alt={alt} small={small} className={className} />;
  const img = (
    <img
      src={imageUrl(image.id)}
      alt={alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      onError={picture.onError}
      className={cn("h-auto w-auto max-w-full rounded-lg border border-border bg-white object-contain", small ? "max-h-32" : "max-h-96")}
      data-testid="exam-image"
    />
  );
  if (!enlargeLabel) return <span className={cn("block", className)}>{img}</span>;
  // The dialog's own trigger, so closing it gives the focus back to the picture the student opened.
  return (
    <figure className={cn("flex flex-col items-start gap-1", className)}>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          {/* The "enlarge" sign sits under the picture, not on it: on it, it hid what a corner holds (the demo map's
              scale, issue 33), and a picture's every corner may matter to the question. */}
          <button
            type="button"
            className="group flex max-w-full cursor-zoom-in flex-col items-start gap-1.5 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={`${enlargeLabel}: ${alt}`}
            data-testid="enlarge-image"
          >
            {img}
            <span aria-hidden="true" className="inline-flex items-center gap-1.5 rounded-md px-1 text-xs font-medium text-muted-foreground group-hover:text-foreground" data-testid="enlarge-sign">
              <Maximize2 className="size-3.5" />
              {enlargeLabel}
            </span>
          </button>
        </DialogTrigger>
        <DialogContent className="max-w-[min(96vw,80rem)] gap-3 p-3 sm:p-4" data-testid="image-dialog">
          <DialogTitle className="sr-only">{enlargeLabel}</DialogTitle>
          <DialogDescription className="pe-10 text-sm text-muted-foreground">{alt}</DialogDescription>
          <img src={imageUrl(image.id)} alt={alt} width={image.width} height={image.height} className="mx-auto h-auto max-h-[80dvh] w-auto max-w-full rounded-md bg-white object-contain" />
        </DialogContent>
      </Dialog>
    </figure>
  );
}

import { cn } from "@web/lib/utils";
import { fileKind, KIND_ICON, KIND_TINT } from "../lib/file-kind";

/** The tinted tile beside a file's name; decorative (the name and extension say the same). */
export function FileIcon({ name, contentType, className }: { name: string; contentType: string | null; className?: string }) {
  const kind = fileKind(name, contentType);
  const Icon = KIND_ICON[kind];
  return (
    <span className={cn("grid size-10 shrink-0 place-items-center rounded-xl", KIND_TINT[kind], className)} data-kind={kind}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

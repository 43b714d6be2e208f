// What kind of file a name and content type describe: the icon and its colour in the list.
import {
  File,
  FileArchive,
  FileAudio,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Presentation,
  type LucideIcon,
} from "lucide-react";

export type TFileKind = "pdf" | "document" | "spreadsheet" | "presentation" | "image" | "video" | "audio" | "archive" | "code" | "other";

const BY_EXTENSION: Record<string, TFileKind> = {
  pdf: "pdf",
  doc: "document", docx: "document", odt: "document", rtf: "document", txt: "document", md: "document", pages: "document",
  xls: "spreadsheet", xlsx: "spreadsheet", ods: "spreadsheet", csv: "spreadsheet", tsv: "spreadsheet", numbers: "spreadsheet",
  ppt: "presentation", pptx: "presentation", odp: "presentation", key: "presentation",
  png: "image", jpg: "image", jpeg: "image", gif: "image", webp: "image", svg: "image", bmp: "image", heic: "image", tif: "image", tiff: "image",
  mp4: "video", mov: "video", webm: "video", mkv: "video", avi: "video",
  mp3: "audio", wav: "audio", m4a: "audio", ogg: "audio", aac: "audio",
  zip: "archive", rar: "archive", "7z": "archive", tar: "archive", gz: "archive",
  html: "code", css: "code", js: "code", ts: "code", json: "code", xml: "code", py: "code",
};

/** "Report.final.PDF" → "pdf"; no extension → "". */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

export function fileKind(name: string, contentType: string | null): TFileKind {
  const byExt = BY_EXTENSION[extensionOf(name)];
  if (byExt) return byExt;
  const type = contentType ?? "";
  if (type === "application/pdf") return "pdf";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  if (type.startsWith("text/")) return "document";
  return "other";
}

export const KIND_ICON: Record<TFileKind, LucideIcon> = {
  pdf: FileText,
  document: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  image: FileImage,
  video: FileVideo,
  audio: FileAudio,
  archive: FileArchive,
  code: FileCode,
  other: File,
};

/** Tinted tiles that stay readable in both themes (a soft background, a strong foreground). */
export const KIND_TINT: Record<TFileKind, string> = {
  pdf: "bg-red-500/10 text-red-700 dark:bg-red-400/15 dark:text-red-300",
  document: "bg-sky-500/10 text-sky-700 dark:bg-sky-400/15 dark:text-sky-300",
  spreadsheet: "bg-emerald-500/10 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300",
  presentation: "bg-amber-500/10 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300",
  image: "bg-violet-500/10 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300",
  video: "bg-fuchsia-500/10 text-fuchsia-700 dark:bg-fuchsia-400/15 dark:text-fuchsia-300",
  audio: "bg-pink-500/10 text-pink-700 dark:bg-pink-400/15 dark:text-pink-300",
  archive: "bg-stone-500/10 text-stone-700 dark:bg-stone-400/15 dark:text-stone-300",
  code: "bg-teal-500/10 text-teal-700 dark:bg-teal-400/15 dark:text-teal-300",
  other: "bg-muted text-muted-foreground",
};

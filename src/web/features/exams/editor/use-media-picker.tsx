// Choosing a picture or a clip from the device for the exam editor (issue 18): one hidden file input, the upload,
// and the check that the server found the kind the field takes (it decides by the bytes, not the name).
import { useRef, useState } from "react";
import { ApiError } from "@web/lib/api";
import { bodyFromCode } from "@web/lib/errors";
import { uploadMedia, type TUploadedMedia } from "../api";
import { failureToast } from "../lib/use-exams-t";

export function useMediaPicker({ kind, accept, testId, onUploaded }: { kind: "image" | "audio"; accept: string; testId: string; onUploaded: (up: TUploadedMedia) => void }) {
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const up = await uploadMedia(file);
      if (up.kind !== kind) throw new ApiError(415, bodyFromCode("MEDIA_TYPE_NOT_ALLOWED"));
      onUploaded(up);
    } catch (error) {
      failureToast(error, kind === "image" ? "image.uploadFailed" : "audio.uploadFailed");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  // Hidden from the keyboard and screen readers: the visible button opens it.
  const picker = (
    <input
      ref={input}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => void choose(e.target.files?.[0])}
      data-testid={`${testId}-file`}
    />
  );
  return { busy, picker, open: () => input.current?.click() };
}

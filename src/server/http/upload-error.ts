// What went wrong while reading a multipart upload, in the words of the error catalogue — one rule for every route
// that takes a file (files, exam media).
import { AppError } from "./errors";

export function uploadError(err: unknown, tooLarge: () => AppError): unknown {
  if (err instanceof AppError) return err;
  if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  // Trouble writing the temporary file is ours (500). Anything else is the request's: a missing, empty or overlong
  // boundary, a body cut short, more parts than allowed.
  if ((err as NodeJS.ErrnoException).syscall === undefined) return new AppError("UPLOAD_MALFORMED", { cause: err });
  return err;
}

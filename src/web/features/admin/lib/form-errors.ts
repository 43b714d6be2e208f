// Server answers → form fields. The error body may list `fields` (zod issues, paths like "username"); some
// codes name their field without a list (EMAIL_TAKEN → email). Both end up next to the control, as the same
// error codes the client-side validation uses.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { TErrorBody } from "@shared/errors";
import { fieldError, toErrorBody } from "@web/lib/errors";

export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
  error: unknown,
  byCode: Partial<Record<string, Path<T>>> = {},
): boolean {
  const body = toErrorBody(error);
  let applied = false;
  // The server's words when it filled a message's {placeholders} (fieldError); otherwise the code.
  const set = (path: Path<T>, code: string, message?: TErrorBody["message"]) => {
    setError(path, { type: "server", message: fieldError(code, message) }, { shouldFocus: !applied });
    applied = true;
  };
  for (const field of body.fields ?? []) {
    const path = field.path.split(".")[0] as Path<T>;
    if (known.includes(path)) set(path, field.code, field.message);
  }
  const mapped = byCode[body.code];
  if (!applied && mapped) set(mapped, body.code, body.message);
  return applied;
}

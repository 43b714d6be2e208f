// toast() and friends (toast-store.ts), plus toastError: an API failure in the words of the error catalogue.
import { toErrorBody } from "@web/lib/errors";
import { toast } from "./toast-store";

export * from "./toast-store";

/** Shows an API error (ApiError, TErrorBody, error code or anything thrown) as a destructive toast. */
export function toastError(error: unknown): { id: number; dismiss: () => void } {
  const body = toErrorBody(error);
  if (!(typeof error === "object" && error !== null && "body" in error) && typeof error !== "string") {
    console.error(error);
  }
  return toast({ title: body.title, description: body.message, variant: "destructive" });
}


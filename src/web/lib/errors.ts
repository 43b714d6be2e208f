// Turning any failure into the words of shared/errors.ts, in the language asked for.
import { ERRORS, isErrorCode, type TErrorBody, type TText } from "@shared/errors";
import type { TLanguage } from "@shared/limits";

/** A client-side failure the server never sends: the request did not reach it. */
export const NETWORK_ERROR = {
  code: "NETWORK",
  title: { en: "Connection Problem", ar: "تعذّر الاتصال" },
  message: {
    en: "Could not reach the server. Check your connection and try again.",
    ar: "تعذّر الوصول إلى الخادم. تحقّق من اتصالك بالإنترنت ثم حاول مرة أخرى.",
  },
} as const;

export function bodyFromCode(code: string, requestId = ""): TErrorBody {
  if (code === NETWORK_ERROR.code) return { ...NETWORK_ERROR, requestId };
  const entry = isErrorCode(code) ? ERRORS[code] : ERRORS.INTERNAL;
  return { code: isErrorCode(code) ? code : "INTERNAL", title: entry.title, message: entry.message, requestId };
}

function isText(value: unknown): value is TText {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as TText).en === "string" &&
    typeof (value as TText).ar === "string"
  );
}

/** Accepts a TErrorBody as the server sends it; anything else is `null`. */
export function asErrorBody(value: unknown): TErrorBody | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Partial<TErrorBody>;
  if (typeof v.code !== "string") return null;
  if (isText(v.title) && isText(v.message)) {
    return { ...(v as TErrorBody), requestId: typeof v.requestId === "string" ? v.requestId : "" };
  }
  return bodyFromCode(v.code, typeof v.requestId === "string" ? v.requestId : "");
}

/**
 * A field's error as a form keeps it (react-hook-form holds a string): its error code, or — when the server filled
 * the message's {placeholders}, as the staff password rule's {min} — the code with those words, so the field says
 * "minimum 10 characters" and not "{min}". `toErrorBody` reads either.
 */
export function fieldError(code: string, message?: TText): string {
  if (!message || !isErrorCode(code) || (message.en === ERRORS[code].message.en && message.ar === ERRORS[code].message.ar)) return code;
  return JSON.stringify({ code, message });
}

function fromFieldError(value: string): TErrorBody {
  try {
    const { code, message } = JSON.parse(value) as { code?: unknown; message?: unknown };
    if (typeof code === "string" && isText(message)) return { ...bodyFromCode(code), message };
  } catch {
    // Not a field error of ours: said as an unexpected one below.
  }
  return bodyFromCode("INTERNAL");
}

/**
 * The error body behind anything thrown or answered: an error code ("PASSWORD_REQUIRED") or a field's error
 * (`fieldError`), a TErrorBody, an ApiError (which carries one in `.body`), or an unknown failure (→ INTERNAL).
 */
export function toErrorBody(input: unknown): TErrorBody {
  if (typeof input === "string") return input.startsWith("{") ? fromFieldError(input) : bodyFromCode(input);
  if (typeof input === "object" && input !== null && "body" in input) {
    const body = asErrorBody((input as { body: unknown }).body);
    if (body) return body;
  }
  return asErrorBody(input) ?? bodyFromCode("INTERNAL");
}

export function textIn(text: TText | string, lang: TLanguage): string {
  return typeof text === "string" ? text : text[lang];
}

/** `errorText("PASSWORD_REQUIRED", "en")` → { title: "Password Required", message: "Please enter your password." } */
export function errorText(codeOrBody: unknown, lang: TLanguage): { title: string; message: string } {
  const body = toErrorBody(codeOrBody);
  return { title: body.title[lang], message: body.message[lang] };
}

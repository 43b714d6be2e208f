// The public site's calls: sending the contact form.
import { api } from "@web/lib/api";
import type { TContactInput } from "@shared/schemas/contact";

export function sendContactMessage(input: TContactInput): Promise<{ ok: true }> {
  return api<{ ok: true }>("/api/contact", { method: "POST", body: input });
}

// The contact form (SPEC §3, §5): name, email, subject and message, all required, email of email type.
// The form and POST /api/contact validate with the same schema. Issue messages are keys of the "pages"
// i18n namespace (contact.errors.*), so the form shows each field's message in the current language.
import { z } from "zod";
import { stripBidiControls } from "../text";
import { MAX_EMAIL_LENGTH, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_SHORT_TEXT_LENGTH } from "../limits";

export const CONTACT_ERROR = {
  nameRequired: "contact.errors.nameRequired",
  emailRequired: "contact.errors.emailRequired",
  emailInvalid: "contact.errors.emailInvalid",
  subjectRequired: "contact.errors.subjectRequired",
  messageRequired: "contact.errors.messageRequired",
  tooLong: "contact.errors.tooLong",
} as const;

const required = (requiredKey: string, max: number) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(max, { error: CONTACT_ERROR.tooLong });

export const ZContactInput = z.object({
  // A person's name, shown to the school's staff: bidi controls stripped (shared/text.ts), then required.
  name: z.string({ error: CONTACT_ERROR.nameRequired }).overwrite(stripBidiControls).pipe(required(CONTACT_ERROR.nameRequired, MAX_NAME_LENGTH)),
  email: z
    .string({ error: CONTACT_ERROR.emailRequired })
    .trim()
    .min(1, { error: CONTACT_ERROR.emailRequired })
    .max(MAX_EMAIL_LENGTH, { error: CONTACT_ERROR.tooLong })
    .pipe(z.email({ error: CONTACT_ERROR.emailInvalid })),
  subject: required(CONTACT_ERROR.subjectRequired, MAX_SHORT_TEXT_LENGTH),
  message: required(CONTACT_ERROR.messageRequired, MAX_LONG_TEXT_LENGTH),
  /**
   * Honeypot: a field people never see or fill. Any value means a bot; the server answers as if the message
   * was stored and drops it. Bounded so a bot cannot use it to send a large body.
   */
  website: z.string().max(MAX_SHORT_TEXT_LENGTH).optional(),
});
export type TContactInput = z.infer<typeof ZContactInput>;

/** A message as the super_admin inbox sees it. */
export const ZContactMessageView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  readBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TContactMessageView = z.infer<typeof ZContactMessageView>;

/** A row of the inbox list: the message cut to a preview. */
export const ZContactMessageSummary = ZContactMessageView.omit({ message: true, readBy: true }).extend({
  preview: z.string(),
});
export type TContactMessageSummary = z.infer<typeof ZContactMessageSummary>;

export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_PREVIEW_LENGTH = 140;

export const ZContactListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  unread: z.enum(["true", "false"]).optional(),
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

export const ZContactListResponse = z.object({
  items: z.array(ZContactMessageSummary),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  unread: z.number(),
});
export type TContactListResponse = z.infer<typeof ZContactListResponse>;

/** Throttling of the form per client address (the spec leaves it open; see the contact service). */
export const CONTACT_WINDOW_MINUTES = 10;
export const CONTACT_MAX_PER_WINDOW = 5;

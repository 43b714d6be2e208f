// What every failure looks like on the wire (SPEC §8): the server's error handler sends it, the UI reads it, and
// the API reference describes it once from this schema. The texts themselves live in shared/errors.ts.
import { z } from "zod";

const ZText = z.object({ en: z.string(), ar: z.string() });

export const ZErrorBody = z.object({
  /** One of the codes of shared/errors.ts. */
  code: z.string(),
  title: ZText,
  message: ZText,
  /** The x-request-id of the reply, to find it in the server's log. */
  requestId: z.string(),
  /** Which input was wrong, field by field, when the body or address did not validate. */
  fields: z.array(z.object({ path: z.string(), code: z.string(), message: ZText })).optional(),
  /** Facts the client can act on, e.g. the attempt to open when an exam is already completed. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

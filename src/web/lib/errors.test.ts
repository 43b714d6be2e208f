// A field's error as the forms keep it: the code, or the code with the server's filled words (issue 33: the staff
// password rule's {min}), read back by the same function every field uses.
import { describe, expect, it } from "vitest";
import { ERRORS, fillText } from "@shared/errors";
import { errorText, fieldError, toErrorBody } from "./errors";

describe("fieldError", () => {
  it("is the code when the server's words are the catalogue's", () => {
    expect(fieldError("PASSWORD_TOO_SHORT", ERRORS.PASSWORD_TOO_SHORT.message)).toBe("PASSWORD_TOO_SHORT");
    expect(fieldError("PASSWORD_TOO_COMMON")).toBe("PASSWORD_TOO_COMMON");
    expect(errorText("PASSWORD_TOO_COMMON", "en").message).toBe(ERRORS.PASSWORD_TOO_COMMON.message.en);
  });

  it("keeps the words the server filled in, in both languages, under the code's title", () => {
    const filled = fillText(ERRORS.STAFF_PASSWORD_TOO_SHORT.message, { min: 12 });
    const kept = fieldError("STAFF_PASSWORD_TOO_SHORT", filled);
    expect(errorText(kept, "en")).toEqual({ title: ERRORS.STAFF_PASSWORD_TOO_SHORT.title.en, message: "Password is too short for a staff account (minimum 12 characters)." });
    expect(errorText(kept, "ar").message).toBe("كلمة المرور قصيرة جدًا لحساب موظف: يجب ألا يقل عدد أحرفها عن 12.");
    expect(toErrorBody(kept).code).toBe("STAFF_PASSWORD_TOO_SHORT");
  });

  it("reads anything else that looks like one as an unexpected error, never throws", () => {
    expect(toErrorBody("{not json").code).toBe("INTERNAL");
    expect(toErrorBody('{"code":"X"}').code).toBe("INTERNAL");
  });
});

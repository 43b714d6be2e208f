import { describe, expect, it } from "vitest";
import { ZContactInput } from "./schemas/contact";
import { BIDI_CONTROLS, stripBidiControls } from "./text";

describe("bidi controls in names people type (issue 33 item 23)", () => {
  it("drops every bidi control — marks, embeddings, overrides, isolates — and keeps the rest, Arabic included", () => {
    const controls = ["\u061C", "\u200E", "\u200F", "\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
    for (const c of controls) expect(stripBidiControls(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe("ab");
    expect(stripBidiControls("abc\u202Egnp.exe")).toBe("abcgnp.exe");
    expect(stripBidiControls("ليلى\u200F حسن")).toBe("ليلى حسن");
    // A joiner shapes Arabic and emoji: not a bidi control, kept.
    expect(stripBidiControls("a\u200Db")).toBe("a\u200Db");
    expect(BIDI_CONTROLS.test("x\u2067")).toBe(true);
    expect(BIDI_CONTROLS.test("plain")).toBe(false);
  });

  it("the contact form's name is stripped before it is required: controls alone are no name", () => {
    const base = { email: "a@b.co", subject: "s", message: "m" };
    expect(ZContactInput.parse({ ...base, name: "abc\u202Egnp.exe" }).name).toBe("abcgnp.exe");
    expect(ZContactInput.safeParse({ ...base, name: " \u202E\u200F " }).success).toBe(false);
  });
});

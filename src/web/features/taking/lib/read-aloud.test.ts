// Read-aloud's voice (issue 37): the paper's language or none — never Arabic read by an English voice.
import { describe, expect, it } from "vitest";
import { voiceFor } from "./read-aloud";

describe("voiceFor", () => {
  it("finds a voice of the language whatever its region, and none of another language", () => {
    const voices = [{ lang: "en-US" }, { lang: "ar_EG" }, { lang: "AR-sa" }];
    expect(voiceFor(voices, "ar")).toEqual({ lang: "ar_EG" });
    expect(voiceFor(voices, "en")).toEqual({ lang: "en-US" });
    expect(voiceFor([{ lang: "en-GB" }, { lang: "fr-FR" }], "ar")).toBeNull();
    expect(voiceFor([], "en")).toBeNull();
  });
});

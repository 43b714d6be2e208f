// parseLocaleNumber (issue 36, numeric entry): the digits and separators Arabic and English writers use read alike.
import { describe, expect, it } from "vitest";
import { parseLocaleNumber } from "./text";

describe("parseLocaleNumber", () => {
  it.each([
    ["3.5", 3.5],
    ["٣٫٥", 3.5], // Arabic-Indic digits, U+066B decimal separator
    ["۳٫۵", 3.5], // Persian digits
    ["٣.٥", 3.5],
    ["١٬٢٣٤٫٥", 1234.5], // U+066C thousands separator
    ["1,234.5", 1234.5],
    ["12,345,678", 12345678],
    ["3,5", 3.5], // a single comma not grouping thousands is the decimal point (Maghreb, Europe)
    ["0,25", 0.25],
    ["٣،٥", 3.5], // the Arabic comma reads as a comma
    ["-2", -2],
    ["−2.5", -2.5], // U+2212 minus
    ["+4", 4],
    [".5", 0.5],
    ["  7  ", 7],
    ["\u200F٣٫٥\u200F", 3.5], // the marks an Arabic keyboard adds
    ["０.５", 0.5], // full-width digits (NFKC)
  ])("reads %j as %d", (typed, value) => expect(parseLocaleNumber(typed)).toBe(value));

  it.each(["", " ", "abc", "3 5", "3.5.1", "1,23,4", "1e3", "0x10", "Infinity", "NaN", "--2", "٣٫", "3.", "3,"])("refuses %j, a number half typed among them", (typed) => {
    expect(parseLocaleNumber(typed)).toBeNull();
  });
});

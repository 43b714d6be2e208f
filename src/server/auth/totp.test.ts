// The RFCs' own vectors: RFC 4226 appendix D (HOTP) and RFC 6238 appendix B (TOTP, 8 digits, three hashes).
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, groupedSecret, hotp, matchTotp, otpauthUri, totp, totpStep } from "./totp";

describe("HOTP, RFC 4226 appendix D", () => {
  const key = Buffer.from("12345678901234567890", "ascii");
  const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
  it.each(expected.map((code, counter) => [counter, code] as const))("counter %i gives %s", (counter, code) => {
    expect(hotp(key, counter)).toBe(code);
  });
});

describe("TOTP, RFC 6238 appendix B", () => {
  const keys = {
    sha1: Buffer.from("12345678901234567890", "ascii"),
    sha256: Buffer.from("12345678901234567890123456789012", "ascii"),
    sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234", "ascii"),
  };
  const table: [number, string, string, string][] = [
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ];
  it.each(table)("at %i s", (seconds, sha1, sha256, sha512) => {
    expect(totp(keys.sha1, seconds * 1000, 8, "sha1")).toBe(sha1);
    expect(totp(keys.sha256, seconds * 1000, 8, "sha256")).toBe(sha256);
    expect(totp(keys.sha512, seconds * 1000, 8, "sha512")).toBe(sha512);
  });
});

describe("matching a typed code", () => {
  const key = Buffer.from("12345678901234567890", "ascii");
  const at = 1111111111_000;
  const step = totpStep(at);
  it("takes the step before, this one and the next, nothing further", () => {
    expect(matchTotp(key, hotp(key, step), at, null)).toBe(step);
    expect(matchTotp(key, hotp(key, step - 1), at, null)).toBe(step - 1);
    expect(matchTotp(key, hotp(key, step + 1), at, null)).toBe(step + 1);
    expect(matchTotp(key, hotp(key, step - 2), at, null)).toBeNull();
    expect(matchTotp(key, hotp(key, step + 2), at, null)).toBeNull();
  });
  it("refuses the step already used and any before it", () => {
    expect(matchTotp(key, hotp(key, step), at, step)).toBeNull();
    expect(matchTotp(key, hotp(key, step - 1), at, step)).toBeNull();
    expect(matchTotp(key, hotp(key, step + 1), at, step)).toBe(step + 1);
  });
  it("refuses what is not six digits", () => {
    for (const code of ["", "12345", "1234567", "12345a", " 123456"]) expect(matchTotp(key, code, at, null)).toBeNull();
  });
});

describe("base32 and the URI", () => {
  it("RFC 4648 §10's vectors, and back", () => {
    const vectors: [string, string][] = [["", ""], ["f", "MY"], ["fo", "MZXQ"], ["foo", "MZXW6"], ["foob", "MZXW6YQ"], ["fooba", "MZXW6YTB"], ["foobar", "MZXW6YTBOI"]];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Decode("mzxw 6ytb-oi").toString()).toBe("foobar");
  });
  it("the otpauth URI names the issuer and the account; the text form is in groups of four", () => {
    const secret = Buffer.from("12345678901234567890", "ascii");
    expect(otpauthUri(secret, "t@school.edu", "Qias")).toBe(
      "otpauth://totp/Qias%3At%40school.edu?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Qias&algorithm=SHA1&digits=6&period=30",
    );
    expect(groupedSecret(secret)).toBe("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
  });
});

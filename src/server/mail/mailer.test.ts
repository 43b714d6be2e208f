// Without SMTP_URL a mail is written to the outbox as the message a mail server would get: here, one of
// messages.ts with its text and HTML parts as multipart/alternative, and its link logged for the operator.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createMailer } from "./mailer";
import { passwordResetMail } from "./messages";

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "qias-outbox-"));
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

it("writes a multipart/alternative message: a text part and a right-to-left HTML part for an Arabic reader", async () => {
  const logged: string[] = [];
  const mailer = createMailer({ from: "Qias <no-reply@qias.local>", outboxDir, log: (m) => logged.push(m) });
  const link = "http://localhost:3000/update-password#token=abc";
  await mailer.send({ to: "reader@test.local", ...passwordResetMail("ar", { link, minutes: 60 }) });

  const [file] = fs.readdirSync(outboxDir);
  const eml = fs.readFileSync(path.join(outboxDir, file!), "utf8");
  expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
  const parts = eml.split(/^--.+$/m).filter((p) => /Content-Type: text\//.test(p));
  expect(parts.map((p) => p.match(/Content-Type: (text\/\w+)/)![1])).toEqual(["text/plain", "text/html"]);
  expect(parts.every((p) => /charset=utf-8/i.test(p))).toBe(true);
  // The subject is encoded for the header; decoded, it is the Arabic one.
  const subject = eml.match(/^Subject: (.+(?:\n .+)*)/m)![1]!;
  const decoded = [...subject.matchAll(/=\?UTF-8\?B\?([^?]+)\?=/g)].map((m) => Buffer.from(m[1]!, "base64").toString("utf8")).join("");
  expect(decoded).toBe("قياس — إعادة تعيين كلمة المرور");
  expect(logged).toEqual([expect.stringContaining(`link: ${link}`)]);
});

it("escapes what it puts into the HTML", () => {
  const { html } = passwordResetMail("en", { link: 'http://x/"><script>alert(1)</script>', minutes: 60 });
  expect(html).not.toContain("<script>");
  expect(html).toContain("&quot;&gt;&lt;script&gt;");
});

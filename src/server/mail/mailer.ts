// Mail goes over SMTP when SMTP_URL is set; otherwise each message is written to <DATA_DIR>/outbox as an .eml
// file (and its links logged), so a school can run Qias without a mail server and tests can read the mail.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/** Every mail has both parts (mail/messages.ts): nodemailer sends them as multipart/alternative. */
export type TMail = { to: string; subject: string; text: string; html: string };
export type TMailer = { send: (mail: TMail) => Promise<void>; kind: "smtp" | "outbox" };

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: (msg: string) => void }): TMailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.log(`mail to ${mail.to} written to ${file}${links.length ? ` — link: ${links.join(" ")}` : ""}`);
    },
  };
}

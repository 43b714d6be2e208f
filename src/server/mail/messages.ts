// What Qias emails, each in the recipient's language (profiles.email_lang, chosen on their account page): a
// subject, a text part and an HTML part, sent together as multipart/alternative so every mail program shows one
// of them. The HTML states its language and direction on the page and again on the body's table, because many
// mail programs (webmail above all) keep the body and drop <html>'s attributes. Every value put in is escaped.
import type { TLanguage } from "../../shared/limits";

export type TMailContent = { subject: string; text: string; html: string };

const BRAND = { ar: "قياس", en: "Qias" } as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A mail of a greeting, paragraphs, one button (its link also written out) and a closing note. */
function layout(lang: TLanguage, parts: { subject: string; greeting: string; paragraphs: string[]; action: { label: string; href: string }; note: string }): TMailContent {
  const dir = lang === "ar" ? "rtl" : "ltr";
  const align = lang === "ar" ? "right" : "left";
  const font = "'IBM Plex Sans Arabic', Tahoma, Arial, sans-serif";
  const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.7;color:#1f2937;">${escapeHtml(text)}</p>`;
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f7;">
<table role="presentation" lang="${lang}" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f7;font-family:${font};text-align:${align};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:700;color:#0f766e;">${BRAND[lang]}</td></tr>
<tr><td style="padding:28px;">
${paragraph(parts.greeting)}
${parts.paragraphs.map(paragraph).join("\n")}
<p style="margin:24px 0;"><a href="${escapeHtml(parts.action.href)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#0f766e;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none;">${escapeHtml(parts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#4b5563;" dir="ltr">${escapeHtml(parts.action.href)}</p>
<p style="margin:0;font-size:14px;line-height:1.6;color:#4b5563;">${escapeHtml(parts.note)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [parts.greeting, "", ...parts.paragraphs.flatMap((p) => [p, ""]), `${parts.action.label}: ${parts.action.href}`, "", parts.note, "", `— ${BRAND[lang]}`].join("\n");
  return { subject: parts.subject, text, html };
}

export function passwordResetMail(lang: TLanguage, { link, minutes }: { link: string; minutes: number }): TMailContent {
  if (lang === "ar")
    return layout("ar", {
      subject: "قياس — إعادة تعيين كلمة المرور",
      greeting: "مرحبًا،",
      paragraphs: ["تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك في منصة قياس. اضغط الزر أدناه لتعيين كلمة مرور جديدة."],
      action: { label: "تعيين كلمة مرور جديدة", href: link },
      note: `الرابط صالح لمدة ${minutes} دقيقة ولمرة واحدة فقط، ويبطل إذا غُيّرت كلمة المرور. إن لم تطلب ذلك فتجاهل هذه الرسالة، فكلمة مرورك الحالية باقية كما هي.`,
    });
  return layout("en", {
    subject: "Qias — Reset your password",
    greeting: "Hello,",
    paragraphs: ["We received a request to reset the password of your Qias account. Press the button below to set a new password."],
    action: { label: "Set a new password", href: link },
    note: `The link works once, expires in ${minutes} minutes, and stops working when the password is changed. If you did not ask for this, ignore this email: your current password stays as it is.`,
  });
}

// The few pages an LTI launch shows before (or instead of) the app (issue 38, docs/decisions/0051): a refusal, the
// instructor's exam picker for deep linking, and the form that posts the deep-linking response back to the platform.
// They are served by the server, not the app: they exist only inside a launch, in both languages on one page (the
// platform tells us no language we could trust before the token is checked), light or dark as the system is.
import { randomBytes } from "node:crypto";
import { ERRORS, type TErrorCode } from "../../shared/errors";

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--accent:#0f766e;--accent-text:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--text:#e5e7eb;--muted:#9ca3af;--line:#374151;--accent:#2dd4bf;--accent-text:#042f2e}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,"Segoe UI","Noto Sans Arabic",Tahoma,sans-serif}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}
section{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.25rem 1.5rem;margin-block-end:1rem}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.25rem 0;color:var(--muted)}code{font-family:ui-monospace,monospace;font-size:.875rem}
fieldset{border:0;padding:0;margin:0}label.exam{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem;border:1px solid var(--line);border-radius:.5rem;margin-block:.5rem;cursor:pointer}
label.exam:focus-within{outline:2px solid var(--accent);outline-offset:2px}input[type=radio]{margin-block-start:.35rem;accent-color:var(--accent)}
button{font:inherit;background:var(--accent);color:var(--accent-text);border:0;border-radius:.5rem;padding:.6rem 1.25rem;cursor:pointer;min-height:44px}
button:focus-visible{outline:2px solid var(--text);outline-offset:2px}.both{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem}
`;

function page(title: string, body: string, script?: { nonce: string; code: string }): string {
  const js = script ? `<script nonce="${script.nonce}">${script.code}</script>` : "";
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${js}</body></html>`;
}

/** A launch refused: the code's title and message in Arabic, then English, and the code to quote to support. */
export function refusalPage(code: TErrorCode): string {
  const e = ERRORS[code];
  const body = `
<section lang="ar" dir="rtl"><h1>${esc(e.title.ar)}</h1><p>${esc(e.message.ar)}</p><p>رمز الخطأ: <code dir="ltr">${esc(code)}</code></p></section>
<section lang="en" dir="ltr"><h1>${esc(e.title.en)}</h1><p>${esc(e.message.en)}</p><p>Error code: <code>${esc(code)}</code></p></section>`;
  return page(`${e.title.ar} — ${e.title.en}`, body);
}

export type TPickerExam = { id: string; titleAr: string; titleEn: string };

/** The instructor's exams to link; the form carries the signed deep-linking context back to us. */
export function pickerPage(exams: TPickerExam[], context: string, action: string): string {
  const items = exams
    .map(
      (e, i) =>
        `<label class="exam"><input type="radio" name="examId" value="${esc(e.id)}"${i === 0 ? " checked" : ""} required><span><bdi lang="ar" dir="rtl">${esc(e.titleAr)}</bdi><br><bdi lang="en" dir="ltr">${esc(e.titleEn)}</bdi></span></label>`,
    )
    .join("");
  const empty = `<p lang="ar">لا توجد لديك اختبارات منشورة بعد. انشر اختبارًا في قياس ثم عُد إلى هنا.</p><p lang="en" dir="ltr">You have no published exams yet. Publish an exam in Qias, then come back here.</p>`;
  const body = `
<section><h1><span lang="ar">اختر اختبارًا لربطه بالمقرر</span></h1><p lang="en" dir="ltr"><strong>Choose an exam to link to the course</strong></p>
${
  exams.length
    ? `<form method="post" action="${esc(action)}"><input type="hidden" name="context" value="${esc(context)}"><fieldset><legend class="both"><span lang="ar">اختباراتك المنشورة</span><span lang="en" dir="ltr">Your published exams</span></legend>${items}</fieldset><p><button type="submit"><span lang="ar">ربط الاختبار</span> · <span lang="en">Link exam</span></button></p></form>`
    : empty
}</section>`;
  return page("اختر اختبارًا — Choose an exam", body);
}

/**
 * Posts a signed JWT to the platform: by script at once, or by the button when scripts are off. The returned CSP
 * lets this one page run its one script and post to that one address.
 */
export function autoPostPage(url: string, jwt: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString("base64");
  const body = `
<section><form id="f" method="post" action="${esc(url)}"><input type="hidden" name="JWT" value="${esc(jwt)}">
<p lang="ar">جارٍ إرسال اختيارك إلى منصة التعلّم…</p><p lang="en" dir="ltr">Sending your choice to the learning platform…</p>
<noscript><p><button type="submit"><span lang="ar">متابعة</span> · <span lang="en">Continue</span></button></p></noscript></form></section>`;
  const origin = new URL(url).origin;
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action ${origin}; frame-ancestors 'none'; base-uri 'none'`;
  return { html: page("…", body, { nonce, code: "document.getElementById('f').submit()" }), csp };
}

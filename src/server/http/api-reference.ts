// The API reference page at /api/docs (issue 33, item 14): Qias's own page, written on the server from the OpenAPI
// document the routes' schemas make (openapi.ts), so it cannot drift from them. Plain HTML and one stylesheet in the
// page — no script at all, so the app's Content-Security-Policy holds as it is — with every route in the first
// response: grouped by tag, each with its method, path, who may call it, parameters, body and responses, then the
// named schemas and every error code in both languages. Light or dark as the reader's system is
// (prefers-color-scheme), in the app's colours (src/web/styles.css).
import { ERRORS } from "../../shared/errors";

type TSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  properties?: Record<string, TSchema>;
  required?: string[];
  additionalProperties?: boolean | TSchema;
  items?: TSchema;
  prefixItems?: TSchema[];
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};
type TParameter = { in: string; name: string; required?: boolean; description?: string; schema?: TSchema };
type TMedia = Record<string, { schema?: TSchema }>;
type TResponse = { description?: string; content?: TMedia; $ref?: string };
type TOperation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: TParameter[];
  requestBody?: { required?: boolean; content?: TMedia };
  responses?: Record<string, TResponse>;
};
export type TApiDocument = {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, TSchema> };
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** Deep enough for every schema the API has (an exam's questions' options); past it, a "…" says there is more. */
const MAX_DEPTH = 10;

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const anchor = (...parts: string[]) => parts.join("-").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
const refName = (ref: string) => ref.split("/").pop()!;
const json = (value: unknown) => escapeHtml(JSON.stringify(value));

/** A schema's constraints in a few words: "1–200 characters", "≥ 1", "uuid", "default 50". */
function constraints(s: TSchema): string[] {
  const out: string[] = [];
  if (s.format) out.push(s.format);
  if (s.minLength !== undefined || s.maxLength !== undefined) out.push(`${s.minLength ?? 0}–${s.maxLength ?? "∞"} characters`);
  if (s.minimum !== undefined || s.maximum !== undefined) out.push(s.minimum !== undefined && s.maximum !== undefined ? `${s.minimum}–${s.maximum}` : s.minimum !== undefined ? `≥ ${s.minimum}` : `≤ ${s.maximum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`< ${s.exclusiveMaximum}`);
  if (s.minItems !== undefined || s.maxItems !== undefined) out.push(`${s.minItems ?? 0}–${s.maxItems ?? "∞"} items`);
  if (s.pattern) out.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

/** One schema as HTML: its type in a line, then an object's properties as a nested list. */
function schemaHtml(s: TSchema | undefined, depth = 0): string {
  if (!s || Object.keys(s).length === 0) return `<span class="type">any</span>`;
  if (depth > MAX_DEPTH) return `<span class="type">…</span>`;
  if (s.$ref) return `<a class="type ref" href="#${anchor("schema", refName(s.$ref))}">${escapeHtml(refName(s.$ref))}</a>`;
  const note = (text: string[]) => (text.length ? ` <span class="note">${escapeHtml(text.join(" · "))}</span>` : "");
  const described = s.description ? `<div class="desc">${escapeHtml(s.description)}</div>` : "";

  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const nonNull = union.filter((u) => u.type !== "null");
    const orNull = nonNull.length < union.length ? ` <span class="type">or null</span>` : "";
    if (nonNull.length === 1) return `${schemaHtml(nonNull[0], depth)}${orNull}${described}`;
    return `<span class="type">one of</span>${orNull}${described}<ol class="union">${nonNull.map((u) => `<li>${schemaHtml(u, depth + 1)}</li>`).join("")}</ol>`;
  }
  if (s.allOf) return `<span class="type">all of</span>${described}<ol class="union">${s.allOf.map((u) => `<li>${schemaHtml(u, depth + 1)}</li>`).join("")}</ol>`;
  if (s.const !== undefined) return `<code class="value">${json(s.const)}</code>${described}`;
  if (s.enum) return `<span class="type">one of</span> ${s.enum.map((v) => `<code class="value">${json(v)}</code>`).join(" ")}${note(constraints(s))}${described}`;

  const types = [s.type ?? (s.properties ? "object" : undefined)].flat().filter((t): t is string => !!t);
  const main = types.filter((t) => t !== "null");
  const orNull = types.includes("null") ? ` <span class="type">or null</span>` : "";
  if (main.length === 1 && main[0] === "array") {
    const items = s.prefixItems ? `<ol class="union">${s.prefixItems.map((p) => `<li>${schemaHtml(p, depth + 1)}</li>`).join("")}</ol>` : schemaHtml(s.items, depth + 1);
    return `<span class="type">array of</span>${note(constraints(s))}${orNull}${described} ${items}`;
  }
  if (main.length === 1 && main[0] === "object") {
    const props = Object.entries(s.properties ?? {});
    const required = new Set(s.required ?? []);
    const extra = typeof s.additionalProperties === "object" ? `<li><code class="name">*</code> ${schemaHtml(s.additionalProperties, depth + 1)}</li>` : "";
    if (!props.length && !extra) return `<span class="type">object</span>${orNull}${described}`;
    const rows = props
      .map(([name, p]) => `<li><code class="name">${escapeHtml(name)}</code>${required.has(name) ? ` <span class="req" title="required">required</span>` : ""} ${schemaHtml(p, depth + 1)}</li>`)
      .join("");
    return `<span class="type">object</span>${orNull}${described}<ul class="props">${rows}${extra}</ul>`;
  }
  return `<span class="type">${escapeHtml(main.join(" or ") || "any")}</span>${orNull}${note(constraints(s))}${described}`;
}

function mediaHtml(content: TMedia | undefined): string {
  return Object.entries(content ?? {})
    .map(([type, media]) => `<p class="media"><code>${escapeHtml(type)}</code></p><div class="schema">${schemaHtml(media.schema)}</div>`)
    .join("");
}

function operationHtml(method: string, path: string, op: TOperation): string {
  const id = anchor("op", method, path);
  const title = op.summary ?? op.description;
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  const parts: string[] = [];
  if (op.summary && op.description) parts.push(`<p>${escapeHtml(op.description)}</p>`);
  parts.push(`<p class="who">${isPublic ? "Public: no sign-in needed." : "Needs a signed-in session (the <code>qias_session</code> cookie); what it returns depends on the caller's role."}</p>`);
  const params = op.parameters ?? [];
  if (params.length) {
    parts.push(
      `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Schema</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr><td><code class="name">${escapeHtml(p.name)}</code>${p.required ? ` <span class="req">required</span>` : ""}</td><td>${escapeHtml(p.in)}</td><td>${schemaHtml(p.schema)}${p.description ? `<div class="desc">${escapeHtml(p.description)}</div>` : ""}</td></tr>`,
        )
        .join("")}</tbody></table>`,
    );
  }
  if (op.requestBody) parts.push(`<h4>Body${op.requestBody.required ? ` <span class="req">required</span>` : ""}</h4>${mediaHtml(op.requestBody.content)}`);
  const responses = Object.entries(op.responses ?? {});
  if (responses.length) {
    parts.push(
      `<h4>Responses</h4><dl class="responses">${responses
        .map(([status, r]) => {
          const error = r.$ref !== undefined;
          return `<dt><span class="status s${escapeHtml(status[0])}">${escapeHtml(status)}</span></dt><dd>${error ? `The failure, in English and Arabic: an <a href="#schema-error">Error</a> whose <code>code</code> is one of the <a href="#errors">error codes</a>.` : `${escapeHtml(r.description ?? "")}${mediaHtml(r.content)}`}</dd>`;
        })
        .join("")}</dl>`,
    );
  }
  return `<details class="op" id="${id}"><summary><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code>${title ? ` <span class="summary">${escapeHtml(title)}</span>` : ""}${isPublic ? ` <span class="badge">public</span>` : ""}</summary><div class="op-body">${parts.join("")}</div></details>`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f8f7;--fg:#0e1f1c;--card:#fff;--muted:#edf2f1;--muted-fg:#4a5e59;--border:#dce5e2;--primary:#0f766e;--accent:#d8f1ea;--accent-fg:#0b4a42;--gold:#9a5b06;--danger:#b42318;--get:#0f766e;--post:#1d4ed8;--put:#9a5b06;--patch:#7c3aed;--delete:#b42318}
@media (prefers-color-scheme:dark){:root{--bg:#081412;--fg:#e5efed;--card:#0f1e1b;--muted:#152723;--muted-fg:#a0b6b1;--border:#233732;--primary:#2dd4bf;--accent:#143a33;--accent-fg:#c8f1e8;--gold:#f5b54a;--danger:#fda29b;--get:#2dd4bf;--post:#93b4ff;--put:#f5b54a;--patch:#c4a6ff;--delete:#fda29b}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.6 "IBM Plex Sans Arabic",system-ui,-apple-system,"Segoe UI",sans-serif}
a{color:var(--primary)}
code{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.skip{position:absolute;inset-inline-start:-999px}.skip:focus{inset-inline-start:8px;top:8px;background:var(--card);padding:8px;z-index:1}
.top{background:var(--card);border-bottom:1px solid var(--border)}
.wrap{max-width:1200px;margin:0 auto;padding:0 16px}
.top .wrap{display:flex;align-items:center;gap:14px;padding-block:16px;flex-wrap:wrap}
.logo{display:grid;place-items:center;width:44px;height:44px;border-radius:12px;background:var(--primary);color:var(--card);font-weight:700;font-size:20px}
.brand{margin:0;color:var(--muted-fg);font-size:13px;font-weight:600}
h1{margin:0;font-size:22px;line-height:1.3}
.version{margin-inline-start:auto;color:var(--muted-fg);font-size:13px}
.layout{display:grid;grid-template-columns:220px minmax(0,1fr);gap:32px;padding-block:24px}
nav ul{list-style:none;margin:0;padding:0;position:sticky;top:16px}
nav li a{display:flex;justify-content:space-between;gap:8px;padding:4px 8px;border-radius:8px;text-decoration:none;color:var(--fg)}
nav li a:hover,nav li a:focus-visible{background:var(--accent);color:var(--accent-fg)}
nav .count{color:var(--muted-fg);font-variant-numeric:tabular-nums}
h2{font-size:19px;margin:32px 0 12px;padding-bottom:6px;border-bottom:1px solid var(--border)}
h3{font-size:16px;margin:24px 0 8px}
h4{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted-fg);margin:16px 0 6px}
.intro{background:var(--card);border:1px solid var(--border);border-radius:16px;padding:4px 20px}
.op{background:var(--card);border:1px solid var(--border);border-radius:12px;margin:8px 0}
.op>summary{cursor:pointer;padding:10px 14px;display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;border-radius:12px}
.op>summary:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
.op[open]>summary{border-bottom:1px solid var(--border);border-radius:12px 12px 0 0}
.op-body{padding:4px 16px 14px}
.method{display:inline-block;min-width:64px;text-align:center;font:700 12px/1 ui-monospace,monospace;padding:5px 6px;border-radius:6px;border:1px solid currentColor}
.m-get{color:var(--get)}.m-post{color:var(--post)}.m-put{color:var(--put)}.m-patch{color:var(--patch)}.m-delete{color:var(--delete)}
.path{font-weight:600;font-size:14px;min-width:0}
.summary{color:var(--muted-fg)}
.badge,.req{font-size:11px;font-weight:600;border-radius:999px;padding:1px 8px;background:var(--accent);color:var(--accent-fg)}
.req{background:var(--muted);color:var(--muted-fg)}
.who{color:var(--muted-fg);font-size:14px}
.type{font:600 12px/1.5 ui-monospace,monospace;color:var(--gold)}
a.type{color:var(--primary)}
.note{color:var(--muted-fg);font-size:12px}
.desc{color:var(--muted-fg);font-size:13px}
.value{background:var(--muted);border-radius:4px;padding:0 4px}
.name{font-weight:600}
.props,.union{margin:4px 0;padding-inline-start:20px;border-inline-start:1px solid var(--border)}
.props{list-style:none}
.props li,.union li{margin:3px 0}
.media{margin:6px 0 2px;color:var(--muted-fg)}
table{border-collapse:collapse;width:100%;font-size:14px}
.scroll{overflow-x:auto}
th,td{text-align:start;vertical-align:top;padding:6px 10px;border-bottom:1px solid var(--border)}
th{font-size:12px;color:var(--muted-fg)}
.responses{display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 12px;margin:0}
.responses dd{margin:0}
.status{font:700 12px/1.6 ui-monospace,monospace;padding:1px 6px;border-radius:6px;background:var(--muted)}
.s2{color:var(--get)}.s4,.s5{color:var(--danger)}
.errors td:first-child code{font-weight:600}
.errors td[lang=ar]{font-size:15px}
footer{color:var(--muted-fg);font-size:13px;padding-block:24px;border-top:1px solid var(--border)}
@media (max-width:800px){.layout{grid-template-columns:minmax(0,1fr)}nav ul{position:static;display:flex;flex-wrap:wrap;gap:4px}nav li a{border:1px solid var(--border)}.version{margin-inline-start:0}}
`;

/** The whole page, in English (the API's language; every error's Arabic words are shown beside its English). */
export function renderApiReference(doc: TApiDocument, links: { json: string }): string {
  const byTag = new Map<string, { method: string; path: string; op: TOperation }[]>();
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = operations[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const total = [...byTag.values()].reduce((n, ops) => n + ops.length, 0);
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const version = doc.info?.version ?? "";

  const nav = `<nav aria-label="Contents"><ul><li><a href="#start">Start here</a></li>${tags
    .map((tag) => `<li><a href="#${anchor("tag", tag)}"><span>${escapeHtml(tag)}</span><span class="count">${byTag.get(tag)!.length}</span></a></li>`)
    .join("")}<li><a href="#schemas"><span>Schemas</span><span class="count">${schemas.length}</span></a></li><li><a href="#errors"><span>Error codes</span><span class="count">${Object.keys(ERRORS).length}</span></a></li></ul></nav>`;

  const intro = `<section id="start" class="intro" aria-labelledby="start-title"><h2 id="start-title">Start here</h2><p>${escapeHtml(doc.info?.description ?? "")}</p><p>${total} operations in ${tags.length} groups, generated from the schemas the server validates with. The same description as an OpenAPI 3.1 document, for tools: <a href="${escapeHtml(links.json)}"><code>${escapeHtml(links.json)}</code></a>.</p></section>`;

  const groups = tags
    .map((tag) => {
      const ops = byTag.get(tag)!.sort((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method as never) - METHODS.indexOf(b.method as never));
      return `<section aria-labelledby="${anchor("tag", tag)}"><h2 id="${anchor("tag", tag)}">${escapeHtml(tag)}</h2>${ops.map((o) => operationHtml(o.method, o.path, o.op)).join("")}</section>`;
    })
    .join("");

  const schemaSection = `<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas
    .map(([name, s]) => `<h3 id="${anchor("schema", name)}">${escapeHtml(name)}</h3><div class="schema">${schemaHtml(s)}</div>`)
    .join("")}</section>`;

  const errorRows = Object.entries(ERRORS)
    .map(([code, e]) => `<tr><td><code>${escapeHtml(code)}</code></td><td>${e.status}</td><td>${escapeHtml(e.message.en)}</td><td lang="ar" dir="rtl">${escapeHtml(e.message.ar)}</td></tr>`)
    .join("");
  const errors = `<section aria-labelledby="errors"><h2 id="errors">Error codes</h2><p>Every failure answers with an <a href="#schema-error">Error</a>: its <code>code</code>, a <code>title</code> and a <code>message</code> in English and Arabic (a <code>{name}</code> in a message is filled in), the request's id, and <code>fields</code> when inputs did not validate.</p><div class="scroll"><table class="errors"><thead><tr><th scope="col">Code</th><th scope="col">HTTP</th><th scope="col">English</th><th scope="col" lang="ar" dir="rtl">العربية</th></tr></thead><tbody>${errorRows}</tbody></table></div></section>`;

  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Qias API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header class="top"><div class="wrap"><span class="logo" aria-hidden="true">ق</span><div><p class="brand">Qias · <span lang="ar">قياس</span></p><h1>API reference</h1></div><span class="version">Version ${escapeHtml(version)} · OpenAPI 3.1</span></div></header>
<div class="wrap layout">${nav}<main id="main">${intro}${groups}${schemaSection}${errors}</main></div>
<footer><div class="wrap">Qias · <span lang="ar">قياس</span> — the bilingual assessment portal. This page is generated from the server's own route schemas.</div></footer>
</body>
</html>
`;
}

import fs from "node:fs";
import path from "node:path";
import { multipart } from "../../test/multipart";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { createLocalStorage, type TStorage } from "../../storage/storage";
import { qiasFiles } from "../../db/schema";
import type { TRole } from "../../../shared/permissions";

let h: THarness;
let own: string;
let other: string;
const cookie = {} as Record<TRole | "otherTeacher" | "otherStudent" | "ownStudent2", string>;
const ids = {} as Record<string, string>;
let failRemove = false;

/** Local storage whose removals can be made to fail, to test the "Failed to delete file from storage" path. */
function flakyStorage(root: string): TStorage {
  const inner = createLocalStorage(root);
  return {
    ...inner,
    remove: async (key) => {
      if (failRemove) throw new Error("storage is down");
      return inner.remove(key);
    },
  };
}

let filesRoot = "";
beforeAll(async () => {
  filesRoot = fs.mkdtempSync("/tmp/qias-files-test-");
  h = await createHarness({ storage: flakyStorage(filesRoot), config: { FILE_SIZE_LIMIT_MB: "1" } });
  own = await h.makeSchool("school_own");
  other = await h.makeSchool("school_other");
  cookie.super_admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const accounts: [keyof typeof cookie, TRole, string, "school" | "student"][] = [
    ["school_admin", "school_admin", own, "school"],
    ["teacher", "teacher", own, "school"],
    ["otherTeacher", "teacher", other, "school"],
    ["student", "student", own, "student"],
    ["ownStudent2", "student", own, "student"],
    ["otherStudent", "student", other, "student"],
  ];
  for (const [key, role, school, type] of accounts) {
    const u = await h.makeUser(role, { schoolId: school, name: `Name ${key}` });
    ids[key] = u.id;
    cookie[key] = await h.signIn(u.email, u.password, type);
  }
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(filesRoot, { recursive: true, force: true });
});


const upload = (c: string, filename: string, content: string | Buffer = "hello", extra: { studentIds?: string[]; type?: string } = {}) => {
  const parts: Parameters<typeof multipart>[0] = [{ name: "file", filename, type: extra.type ?? "application/pdf", content }];
  if (extra.studentIds) parts.push({ name: "studentIds", content: JSON.stringify(extra.studentIds) });
  const { payload, headers } = multipart(parts);
  return h.request({ method: "POST", url: "/api/files", cookie: c, payload, headers });
};
const listIds = async (c: string) => ((await h.request({ method: "GET", url: "/api/files", cookie: c })).json().items as { id: string }[]).map((f) => f.id);
const download = (c: string, id: string) => h.request({ method: "GET", url: `/api/files/${id}/download`, cookie: c });
const remove = (c: string, id: string) => h.request({ method: "DELETE", url: `/api/files/${id}`, cookie: c });

describe("upload", () => {
  it("staff upload; the object is stored at public/{userId}/{timestamp}-{filename}", async () => {
    const res = await upload(cookie.teacher, "خطة التطوير.pdf", "%PDF-1.4 test");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: "خطة التطوير.pdf", fileType: "application/pdf", sizeBytes: 13, uploader: { id: ids.teacher, name: "Name teacher" } });
    const [row] = await h.db.select().from(qiasFiles).where(eq(qiasFiles.id, res.json().id));
    expect(row!.pathInBucket).toMatch(new RegExp(`^public/${ids.teacher}/\\d{13}-خطة التطوير\\.pdf$`));
    expect(fs.readFileSync(path.join(filesRoot, row!.pathInBucket), "utf8")).toBe("%PDF-1.4 test");
  });

  it("a student cannot upload", async () => {
    expect((await upload(cookie.student, "x.pdf")).statusCode).toBe(403);
  });

  it("'No file selected' when no file is sent", async () => {
    const { payload, headers } = multipart([{ name: "note", content: "no file here" }]);
    const res = await h.request({ method: "POST", url: "/api/files", cookie: cookie.teacher, payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "FILE_REQUIRED", title: { en: "No file selected" }, message: { en: "Please select a file to upload." } });
    const json = await h.request({ method: "POST", url: "/api/files", cookie: cookie.teacher, payload: {} });
    expect(json.json().code).toBe("FILE_REQUIRED");
  });

  it("an oversize upload is refused with the limit in both languages, and nothing is kept", async () => {
    const before = (await h.db.select().from(qiasFiles)).length;
    const res = await upload(cookie.teacher, "big.bin", Buffer.alloc(1024 * 1024 + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "FILE_TOO_LARGE", message: { en: "The file is larger than the limit of 1 MB.", ar: expect.stringContaining("1") } });
    expect((await h.db.select().from(qiasFiles)).length).toBe(before);
  });

  it("a declared length over the limit is refused before the body is read", async () => {
    const res = await h.request({
      method: "POST",
      url: "/api/files",
      cookie: cookie.teacher,
      payload: "x",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });

  it("a traversal filename is made safe and stays inside the user's folder", async () => {
    const res = await upload(cookie.teacher, "../../../etc/passwd");
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe("passwd");
    const [row] = await h.db.select().from(qiasFiles).where(eq(qiasFiles.id, res.json().id));
    expect(row!.pathInBucket).toMatch(new RegExp(`^public/${ids.teacher}/\\d+-passwd$`));
  });

  it("when the record cannot be saved, the stored object is removed ('Failed to save file info')", async () => {
    await h.db.execute(sql`CREATE FUNCTION qias_test_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`);
    await h.db.execute(sql`CREATE TRIGGER qias_test_fail BEFORE INSERT ON qias_files FOR EACH ROW EXECUTE FUNCTION qias_test_fail()`);
    try {
      const res = await upload(cookie.teacher, "orphan.pdf");
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: "FILE_SAVE_FAILED", title: { en: "Failed to save file info" } });
      expect(res.body).not.toContain("refused");
      const dir = path.join(filesRoot, "public", ids.teacher!);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith("orphan.pdf"))).toEqual([]);
    } finally {
      await h.db.execute(sql`DROP TRIGGER qias_test_fail ON qias_files`);
      await h.db.execute(sql`DROP FUNCTION qias_test_fail()`);
    }
  });
});

describe("assignment and visibility (SPEC §6)", () => {
  let fileId = "";
  it("a teacher assigns a file to students of their school while uploading; only those students see it", async () => {
    const res = await upload(cookie.teacher, "worksheet.pdf", "ws", { studentIds: [ids.student!] });
    expect(res.statusCode).toBe(201);
    fileId = res.json().id;
    expect(res.json().assignedCount).toBe(1);
    expect(await listIds(cookie.student)).toEqual([fileId]);
    expect(await listIds(cookie.ownStudent2)).toEqual([]);
    expect((await download(cookie.ownStudent2, fileId)).statusCode).toBe(404);
  });

  it("and later, replacing the set", async () => {
    const put = await h.request({ method: "PUT", url: `/api/files/${fileId}/students`, cookie: cookie.teacher, payload: { studentIds: [ids.ownStudent2, ids.ownStudent2] } });
    expect(put.json()).toEqual({ studentIds: [ids.ownStudent2] });
    expect(await listIds(cookie.student)).toEqual([]);
    expect(await listIds(cookie.ownStudent2)).toEqual([fileId]);
    expect((await h.request({ method: "GET", url: `/api/files/${fileId}/students`, cookie: cookie.teacher })).json()).toEqual({ studentIds: [ids.ownStudent2] });
  });

  it("not to students of another school, not to non-students, and not someone else's file", async () => {
    const foreign = await h.request({ method: "PUT", url: `/api/files/${fileId}/students`, cookie: cookie.teacher, payload: { studentIds: [ids.otherStudent] } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("STUDENT_NOT_IN_SCHOOL");
    expect((await upload(cookie.teacher, "x.pdf", "x", { studentIds: [ids.otherStudent!] })).json().code).toBe("STUDENT_NOT_IN_SCHOOL");
    expect((await h.request({ method: "PUT", url: `/api/files/${fileId}/students`, cookie: cookie.teacher, payload: { studentIds: [ids.teacher] } })).statusCode).toBe(404);
    expect((await h.request({ method: "PUT", url: `/api/files/${fileId}/students`, cookie: cookie.otherTeacher, payload: { studentIds: [] } })).statusCode).toBe(404);
    expect((await h.request({ method: "PUT", url: `/api/files/${fileId}/students`, cookie: cookie.teacher, payload: { studentIds: ["nope"] } })).statusCode).toBe(404);
    expect((await h.request({ method: "PUT", url: `/api/files/${fileId}/students`, cookie: cookie.student, payload: { studentIds: [] } })).statusCode).toBe(403);
  });

  it("lists: super_admin all newest first; school_admin and teacher their own uploads only", async () => {
    const adminFile = (await upload(cookie.school_admin, "policy.pdf")).json().id;
    const all = await listIds(cookie.super_admin);
    expect(all[0]).toBe(adminFile);
    expect(all).toContain(fileId);
    expect(await listIds(cookie.school_admin)).toEqual([adminFile]);
    expect(await listIds(cookie.teacher)).not.toContain(adminFile);
    expect(await listIds(cookie.otherTeacher)).toEqual([]);
    expect((await h.request({ method: "GET", url: "/api/files" })).statusCode).toBe(401);
  });
});

describe("download", () => {
  it("an Arabic filename round-trips with the right type and RFC 5987 disposition", async () => {
    const up = await upload(cookie.teacher, "نتائج الصف.txt", "نص عربي", { studentIds: [ids.student!], type: "text/plain" });
    const res = await download(cookie.student, up.json().id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="_____ ____.txt"; filename*=UTF-8''${encodeURIComponent("نتائج الصف.txt")}`);
    expect(res.body).toBe("نص عربي");
    const header = String(res.headers["content-disposition"]);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe("نتائج الصف.txt");
  });

  it("types a browser would render or run are served as octet-stream; images, PDF and audio keep theirs", async () => {
    for (const [type, served] of [
      ["text/html", "application/octet-stream"],
      ["image/svg+xml", "application/octet-stream"],
      ["application/xhtml+xml", "application/octet-stream"],
      ["text/javascript", "application/octet-stream"],
      ["application/xml", "application/octet-stream"],
      ["image/png", "image/png"],
      ["image/jpeg", "image/jpeg"],
      ["application/pdf", "application/pdf"],
      ["audio/mpeg", "audio/mpeg"],
    ] as const) {
      const up = await upload(cookie.teacher, "page.bin", "<script>alert(1)</script>", { type });
      expect(up.statusCode).toBe(201);
      const res = await download(cookie.teacher, up.json().id);
      expect(res.headers["content-type"], type).toBe(served);
      expect(res.headers["content-security-policy"], type).toBe("sandbox; default-src 'none'");
      expect(String(res.headers["content-disposition"])).toMatch(/^attachment;/);
      // The listing still says what the uploader sent.
      expect((await h.request({ method: "GET", url: "/api/files", cookie: cookie.teacher })).json().items.find((f: { id: string }) => f.id === up.json().id).fileType).toBe(type);
    }
  });

  it("a guessed id, someone else's file or a missing object is 404", async () => {
    const up = (await upload(cookie.teacher, "private.pdf")).json().id;
    expect((await download(cookie.otherTeacher, up)).statusCode).toBe(404);
    expect((await download(cookie.school_admin, up)).statusCode).toBe(404);
    expect((await download(cookie.student, up)).statusCode).toBe(404);
    expect((await download(cookie.super_admin, up)).statusCode).toBe(200);
    expect((await download(cookie.teacher, "00000000-0000-4000-8000-000000000000")).json().code).toBe("FILE_NOT_FOUND");
    expect((await download(cookie.teacher, "../../etc/passwd")).statusCode).toBe(404);
    const [row] = await h.db.select().from(qiasFiles).where(eq(qiasFiles.id, up));
    fs.rmSync(path.join(filesRoot, row!.pathInBucket));
    expect((await download(cookie.teacher, up)).json()).toMatchObject({ code: "FILE_NOT_FOUND", title: { en: "Download failed" } });
  });
});

describe("delete", () => {
  it("the uploader deletes their own; the object and the record both go", async () => {
    const up = (await upload(cookie.teacher, "gone.pdf")).json().id;
    const [row] = await h.db.select().from(qiasFiles).where(eq(qiasFiles.id, up));
    expect((await remove(cookie.teacher, up)).statusCode).toBe(204);
    expect(await h.db.select().from(qiasFiles).where(eq(qiasFiles.id, up))).toEqual([]);
    expect(fs.existsSync(path.join(filesRoot, row!.pathInBucket))).toBe(false);
  });

  it("a teacher cannot delete someone else's file; a student none; super_admin any", async () => {
    const up = (await upload(cookie.teacher, "keep.pdf", "k", { studentIds: [ids.student!] })).json().id;
    expect((await remove(cookie.otherTeacher, up)).statusCode).toBe(404);
    expect((await remove(cookie.school_admin, up)).statusCode).toBe(404);
    expect((await remove(cookie.student, up)).statusCode).toBe(403);
    expect((await remove(cookie.super_admin, up)).statusCode).toBe(204);
  });

  it("when storage fails, nothing is deleted ('Failed to delete file from storage')", async () => {
    const up = (await upload(cookie.teacher, "stuck.pdf")).json().id;
    failRemove = true;
    try {
      const res = await remove(cookie.teacher, up);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: "FILE_STORAGE_DELETE_FAILED", title: { en: "Failed to delete file from storage" } });
      expect((await h.db.select().from(qiasFiles).where(eq(qiasFiles.id, up))).length).toBe(1);
      expect((await download(cookie.teacher, up)).statusCode).toBe(200);
    } finally {
      failRemove = false;
    }
  });
});

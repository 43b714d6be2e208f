// The results export streamed (issue 39, docs/decisions/0060): the rows leave a batch at a time, walked by their sort
// keys, so the server's memory is one batch whatever the number of rows — and the file holds exactly the rows the
// list shows, in its order, none twice and none missed, ties and nulls included. The .xlsx is written as a stream
// too (http/table-stream.ts) and reads back as the same table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSheet } from "read-excel-file/node";
import { ADMIN, createHarness, type THarness } from "../../test/harness";
import { authUsers, examSchools, exams, profiles, studentExams } from "../../db/schema";
import { parseCsv } from "../../../shared/csv";
import { columnName } from "../../http/table-stream";
import { unzipCapped } from "../../http/zip";
import { AppError } from "../../http/errors";
import type { TSessionUser } from "../../../shared/permissions";
import { findResults, streamResults, EXPORT_BATCH_ROWS } from "./results.service";
import { eq } from "drizzle-orm";
import { rebuildFigures } from "../analytics/figures";

let h: THarness;
let admin: string;
let superAdmin: TSessionUser;
let examId: string;
let otherSchoolStudents: Set<string>;
const ROWS = EXPORT_BATCH_ROWS + 37;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn(ADMIN.email, ADMIN.password, "admin");
  const [me] = await h.db.select().from(profiles).where(eq(profiles.email, ADMIN.email));
  superAdmin = { id: me!.id, username: me!.username ?? "", email: ADMIN.email, role: "super_admin", schoolId: null, name: me!.name, grade: null };
  const school = await h.makeSchool("school_export_stream", "مدرسة التصدير");
  const other = await h.makeSchool("school_export_other", "مدرسة أخرى");
  const [exam] = await h.db.insert(exams).values({ titleAr: "اختبار التصدير", titleEn: "Export exam", subjectId: "arabic", status: "published" }).returning();
  examId = exam!.id;
  await h.db.insert(examSchools).values([{ examId, schoolId: school }, { examId, schoolId: other }]);
  // Few distinct names, scores and times: most rows tie on the first keys, so only the later ones order them.
  const names = ["أمل", "بدر", "Camelia", "دانة\u0007"];
  // One attempt per student and exam: as many students as rows, every 11th in the other school.
  const users = await h.db
    .insert(authUsers)
    .values(Array.from({ length: ROWS }, (_, i) => ({ email: `export${i}@test.local`, passwordHash: "unused" })))
    .returning({ id: authUsers.id, email: authUsers.email });
  await h.db.insert(profiles).values(users.map((u, i) => ({ id: u.id, email: u.email, username: u.email.split("@")[0]!, name: names[i % names.length]!, role: "student" as const, schoolId: i % 11 === 10 ? other : school })));
  const students = users;
  otherSchoolStudents = new Set(users.filter((_, i) => i % 11 === 10).map((u) => u.id));
  const at = [new Date("2026-11-01T08:00:00.123456Z"), new Date("2026-11-01T09:00:00Z"), null];
  await h.db.insert(studentExams).values(
    Array.from({ length: ROWS }, (_, i) => {
      const completedAt = at[i % 3]!;
      const status = completedAt === null ? "in_progress" : i % 5 === 0 ? "completed" : "graded";
      return { studentId: students[i % students.length]!.id, examId, status, grade: 8, className: "A", score: status === "graded" ? i % 7 : null, totalPossibleScore: 6, completedAt, startedAt: new Date(Date.UTC(2026, 10, 1, 7, i % 4)) } as const;
    }),
  );
  // Microseconds a JS Date cannot hold: the keyset must compare them in the database, not through JavaScript.
  await h.db.execute(`update student_exams set completed_at = completed_at + interval '7 microseconds' where exam_id = '${examId}' and score = 3`);
  // Written around the marking paths, as a bulk loader does: the maintained figures (the list's total) worked out once.
  await rebuildFigures(h.db, [examId]);
});
afterAll(async () => {
  await h.close();
});

const refused = () => new AppError("IMPORT_UNREADABLE");
const everyRow = (sort: "recent" | "score" | "name") => findResults(h.db, superAdmin, { examId, sort, pageSize: ROWS * 2 });

describe("the streamed results export", () => {
  it("walks every row of the list in its order, a batch at a time, for each sort — ties, nulls and microseconds included", async () => {
    for (const sort of ["recent", "score", "name"] as const) {
      const batches: number[] = [];
      const ids: string[] = [];
      for await (const batch of streamResults(h.db, superAdmin, { examId, sort }, 100)) {
        batches.push(batch.length);
        ids.push(...batch.map((r) => r.attemptId));
      }
      const list = await everyRow(sort);
      expect(list.total, sort).toBe(ROWS);
      expect(ids, sort).toEqual(list.items.map((r) => r.attemptId));
      expect(new Set(ids).size, sort).toBe(ROWS);
      // The memory bound: never more than one batch of rows at a time.
      expect(Math.max(...batches), sort).toBe(100);
      expect(batches.length, sort).toBe(Math.ceil(ROWS / 100));
    }
  });

  it("keeps the reader's reach and filters: a school's principal streams only their school's rows", async () => {
    const principal: TSessionUser = { ...superAdmin, id: "00000000-0000-0000-0000-000000000000", role: "school_admin", schoolId: "school_export_other" };
    const ids: string[] = [];
    for await (const batch of streamResults(h.db, principal, { examId, sort: "recent" }, 50)) ids.push(...batch.map((r) => r.studentId));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(otherSchoolStudents);
    const graded: string[] = [];
    for await (const batch of streamResults(h.db, superAdmin, { examId, sort: "score", status: "graded" }, 64)) graded.push(...batch.map((r) => r.status));
    expect(graded.length).toBe((await findResults(h.db, superAdmin, { examId, sort: "score", status: "graded", pageSize: ROWS })).total);
    expect(new Set(graded)).toEqual(new Set(["graded"]));
  });

  it("the CSV holds every row — more than one batch — with the header first", async () => {
    const res = await h.request({ method: "GET", url: `/api/results/export.csv?examId=${examId}&lang=en&sort=name`, cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]![0]).toBe("Student");
    expect(rows.length).toBe(ROWS + 1);
    expect(rows.slice(1).map((r) => r[0])).toEqual((await everyRow("name")).items.map((r) => r.studentName));
  });

  it("the .xlsx is streamed as a valid zip and reads back as the same table, right-to-left in Arabic", async () => {
    const csv = parseCsv((await h.request({ method: "GET", url: `/api/results/export.csv?examId=${examId}&lang=ar`, cookie: admin })).body);
    const res = await h.request({ method: "GET", url: `/api/results/export.xlsx?examId=${examId}&lang=ar`, cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const bytes = res.rawPayload;
    const files = unzipCapped(bytes, 200 * 1024 * 1024, { notZip: refused, bomb: refused, unsafePath: refused });
    const sheet = Buffer.from(files.get("xl/worksheets/sheet1.xml")!).toString("utf8");
    expect([...files.keys()].sort()).toEqual(["[Content_Types].xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"]);
    expect(sheet).toContain('rightToLeft="1"');
    expect(sheet).toContain('state="frozen"');
    // A control character in a name is dropped from the XML (it would make the file unreadable), not the row.
    expect(sheet).not.toContain("\u0007");
    const read = (await readSheet(bytes)).map((r) => r.map((v) => (v === null ? "" : String(v))));
    expect(read.length).toBe(csv.length);
    expect(read[0]).toEqual(csv[0]);
    // Cell for cell as the CSV, but for the control character the XML cannot carry.
    const line = (r: string[]) => r.map((c) => c.replace("\u0007", "")).join("|").replace(/\|+$/, "");
    expect(read.slice(1).map(line)).toEqual(csv.slice(1).map(line));
  });

  it("names columns as a spreadsheet does", () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
  });

  it("refuses bad filters before anything is sent", async () => {
    for (const qs of ["sort=best", "examId=nope", `q=${"x".repeat(101)}`, "lang=fr"]) {
      const res = await h.request({ method: "GET", url: `/api/results/export.xlsx?${qs}`, cookie: admin });
      expect([400, 404], qs).toContain(res.statusCode);
      expect(res.json().code, qs).toBeTruthy();
    }
    expect((await h.request({ method: "GET", url: "/api/results/export.csv" })).statusCode).toBe(401);
  });
});

// Images in exams (issue 18) through the real routes: uploads checked by their bytes, who may see an image and
// when, images named by an exam save, descriptions required to publish, and the sweep of unused images.
import fs from "node:fs";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createHarness, type THarness } from "../../test/harness";
import { multipart } from "../../test/multipart";
import { bankItemVersions, examMedia, mediaPlays, questions, sittings } from "../../db/schema";
import type { TAudioInput, TExamDetail, TExamInput, TImageInput } from "../../../shared/schemas/exam";
import type { TAttemptState, TPaper, TPlay } from "../../../shared/schemas/attempt";
import { sweepUnusedImages } from "./media.service";
import { PLAY_MARGIN_SECONDS } from "./plays";
import { examsChanged } from "../attempts/paper";

// Real images of 1 × 1 pixel, and a PNG header that claims 20,000 × 20,000.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.from("/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=", "base64");
const WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
const HUGE = Buffer.from(PNG);
HUGE.writeUInt32BE(20_000, 16);
HUGE.writeUInt32BE(20_000, 20);
const OGG = fs.readFileSync(new URL("../../demo-assets/chime.ogg", import.meta.url));

/** A PNG as it is written: `idat` its image data (deflated), or the rows of a grey, 1-bit picture of that size. */
function png(width: number, height: number, idat?: Buffer): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grey
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter 0, then black pixels
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", idat ?? zlib.deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(200, 1)]);
const M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A "), Buffer.alloc(200, 0)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

let h: THarness;
const c = {} as Record<"teacher" | "otherTeacher" | "foreignTeacher" | "admin" | "student" | "otherStudent" | "outsider", string>;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.makeSchool("school_own");
  const other = await h.makeSchool("school_other");
  for (const [key, role, school, type] of [
    ["teacher", "teacher", own, "school"],
    ["otherTeacher", "teacher", own, "school"],
    ["admin", "school_admin", own, "school"],
    ["student", "student", own, "student"],
    ["otherStudent", "student", own, "student"],
    ["outsider", "student", other, "student"],
    ["foreignTeacher", "teacher", other, "school"],
  ] as const) {
    const u = await h.makeUser(role, { schoolId: school });
    c[key] = await h.signIn(u.email, u.password, type);
  }
});
afterAll(async () => {
  await h?.close();
});

const upload = (cookie: string | undefined, content: Buffer, filename = "map.png", type = "image/png") => {
  const { payload, headers } = multipart([{ name: "file", filename, type, content }]);
  return h.request({ method: "POST", url: "/api/media", cookie, payload, headers });
};
const uploaded = async (cookie: string, content = PNG) => {
  const res = await upload(cookie, content);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
const getImage = (cookie: string | undefined, id: string) => h.request({ method: "GET", url: `/api/media/${id}`, cookie });

function examWith(image: TImageInput, over: Partial<TExamInput> = {}): TExamInput {
  return {
    titleAr: "الجغرافيا",
    titleEn: "Geography",
    subjectId: "social",
    durationMinutes: 20,
    status: "published",
    questions: [
      {
        type: "true_false",
        questionTextAr: "تقع دبي على الخليج العربي.",
        questionTextEn: "Dubai lies on the Arabian Gulf.",
        points: 1,
        image,
        options: [
          { optionTextAr: "صح", optionTextEn: "True", isCorrect: true },
          { optionTextAr: "خطأ", optionTextEn: "False", isCorrect: false },
        ],
      },
    ],
    ...over,
  };
}
const create = (cookie: string, body: TExamInput) => h.request({ method: "POST", url: "/api/exams", cookie, payload: body as object });

describe("uploading an image", () => {
  it("takes PNG, JPEG and WebP by their bytes, whatever the name, and records the size", async () => {
    for (const [bytes, type] of [
      [PNG, "image/png"],
      [JPEG, "image/jpeg"],
      [WEBP, "image/webp"],
    ] as const) {
      const res = await upload(c.teacher, bytes, "named-wrong.txt", "text/plain");
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ contentType: type, width: 1, height: 1, sizeBytes: bytes.length });
    }
  });

  it("refuses a picture of more pixels than a device can afford to draw, and one whose header claims pixels its bytes do not hold (issue 33)", async () => {
    // 7,999 × 7,999: under the 8,000 a side, 9 KB here, and 256 MB drawn.
    const many = await upload(c.teacher, png(7999, 7999));
    expect([many.statusCode, many.json().code, many.json().message.en]).toEqual([413, "IMAGE_TOO_MANY_PIXELS", expect.stringContaining("17 million pixels")]);
    // 4,000 × 4,000 over a few bytes of pixels: the header alone is no picture.
    const lying = await upload(c.teacher, png(4000, 4000, zlib.deflateSync(Buffer.alloc(8))));
    expect([lying.statusCode, lying.json().code]).toEqual([400, "IMAGE_UNREADABLE"]);
    // Image data that is no deflate stream, and rows whose filter byte is none of PNG's five.
    expect((await upload(c.teacher, png(8, 8, Buffer.from("not deflate")))).json().code).toBe("IMAGE_UNREADABLE");
    expect((await upload(c.teacher, png(8, 2, zlib.deflateSync(Buffer.from([0, 0, 9, 0]))))).json().code).toBe("IMAGE_UNREADABLE");
    // The same for a JPEG: the 1 × 1 one claiming 4,000 × 4,000 (its frame header's height and width).
    const bigJpeg = Buffer.from(JPEG);
    const sof = bigJpeg.indexOf(Buffer.from([0xff, 0xc2])); // a progressive frame's header
    bigJpeg.writeUInt16BE(4000, sof + 5);
    bigJpeg.writeUInt16BE(4000, sof + 7);
    expect((await upload(c.teacher, bigJpeg)).json().code).toBe("IMAGE_UNREADABLE");
    // A WebP whose RIFF claims more than the file holds.
    const cutWebp = WEBP.subarray(0, WEBP.length - 4);
    expect((await upload(c.teacher, cutWebp)).json().code).toBe("IMAGE_UNREADABLE");
    // A true picture of 4,000 × 4,000, and a real one drawn by a browser, are taken.
    expect((await upload(c.teacher, png(4000, 4000))).statusCode).toBe(201);
    expect((await upload(c.teacher, fs.readFileSync(new URL("../../demo-assets/uae-map.png", import.meta.url)))).statusCode).toBe(201);
  });

  it("refuses SVG, text dressed as a picture, an empty file, a huge picture, too many bytes and no file", async () => {
    expect((await upload(c.teacher, SVG, "map.svg", "image/svg+xml")).json()).toMatchObject({ code: "MEDIA_TYPE_NOT_ALLOWED" });
    expect((await upload(c.teacher, Buffer.from("not a picture at all"), "map.png")).json()).toMatchObject({ code: "MEDIA_TYPE_NOT_ALLOWED" });
    expect((await upload(c.teacher, Buffer.alloc(0), "map.png")).statusCode).toBe(415);
    const huge = await upload(c.teacher, HUGE);
    expect([huge.statusCode, huge.json().code]).toEqual([413, "IMAGE_TOO_LARGE"]);
    const big = await upload(c.teacher, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect([big.statusCode, big.json().code]).toEqual([413, "IMAGE_TOO_LARGE"]);
    const { payload, headers } = multipart([{ name: "note", content: "no file" }]);
    expect((await h.request({ method: "POST", url: "/api/media", cookie: c.teacher, payload, headers })).statusCode).toBe(400);
    expect((await h.request({ method: "POST", url: "/api/media", cookie: c.teacher, payload: { file: "x" } })).json()).toMatchObject({ code: "FILE_REQUIRED" });
  });

  it("is for authors only", async () => {
    expect((await upload(c.student, PNG)).statusCode).toBe(403);
    expect((await upload(c.admin, PNG)).statusCode).toBe(403);
    expect((await upload(undefined, PNG)).statusCode).toBe(401);
  });
});

describe("an exam's images", () => {
  it("shows an unclaimed upload to its uploader only", async () => {
    const id = await uploaded(c.teacher);
    const mine = await getImage(c.teacher, id);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.headers["cache-control"]).toContain("private");
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    for (const who of [c.otherTeacher, c.student, c.admin]) expect((await getImage(who, id)).statusCode).toBe(404);
    expect((await getImage(c.teacher, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await getImage(c.teacher, "not-an-id")).statusCode).toBe(404);
  });

  it("refuses another author's image, another exam's and a made-up id, naming the field", async () => {
    const theirs = await uploaded(c.otherTeacher);
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000"]) {
      const res = await create(c.teacher, examWith({ id, altAr: "خريطة", altEn: "Map" }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: "IMAGE_NOT_YOURS", fields: [{ path: "questions.0.image" }] });
    }
    const claimed = (await create(c.otherTeacher, examWith({ id: theirs, altAr: "خريطة", altEn: "Map" }))).json() as TExamDetail;
    expect(claimed.questions[0]!.image?.id).toBe(theirs);
    // Claimed by their exam, it is not free for mine even were it uploaded by me.
    expect((await create(c.teacher, examWith({ id: theirs, altAr: "خريطة", altEn: "Map" }))).statusCode).toBe(400);
    expect((await create(c.teacher, examWith({ id: "x", altAr: "", altEn: "" } as never))).statusCode).toBe(400);
  });

  it("needs both descriptions to publish, not to keep a draft", async () => {
    const id = await uploaded(c.teacher);
    const res = await create(c.teacher, examWith({ id, altAr: "خريطة الإمارات", altEn: "" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual(expect.objectContaining({ path: "questions.0.image", code: "IMAGE_ALT_REQUIRED" }));
    const draft = await create(c.teacher, examWith({ id, altAr: "خريطة الإمارات", altEn: "" }, { status: "draft" }));
    expect(draft.statusCode, draft.body).toBe(201);
    const tooLong = await create(c.teacher, examWith({ id, altAr: "خ".repeat(301), altEn: "Map" }, { status: "draft" }));
    expect(tooLong.statusCode).toBe(400);
  });

  it("serves the image to a student while the paper is theirs, and to nobody else", async () => {
    const id = await uploaded(c.teacher);
    const exam = (await create(c.teacher, examWith({ id, altAr: "خريطة الإمارات", altEn: "A map of the UAE" }))).json() as TExamDetail;
    expect(exam.questions[0]!.image).toEqual({ id, width: 1, height: 1, altAr: "خريطة الإمارات", altEn: "A map of the UAE" });
    const paperRes = await h.request({ method: "GET", url: `/api/student/exams/${exam.id}/paper`, cookie: c.student });
    const paper = paperRes.json() as TPaper;
    expect(paper.questions[0]!.image).toEqual({ id, width: 1, height: 1, altAr: "خريطة الإمارات", altEn: "A map of the UAE" });
    expect((await getImage(c.student, id)).statusCode).toBe(200);
    expect((await getImage(c.outsider, id)).statusCode).toBe(404);
    // The question is a bank item of the school (docs/decisions/0036): its staff read it in the bank, picture and all;
    // another school's staff never.
    expect((await getImage(c.otherTeacher, id)).statusCode).toBe(200);
    expect((await getImage(c.foreignTeacher, id)).statusCode).toBe(404);
    expect((await getImage(c.teacher, id)).statusCode).toBe(200);

    // Another picture changes the copy's ETag; the one taken out is no longer the student's to fetch.
    const next = await uploaded(c.teacher, JPEG);
    const input = examWith({ id: next, altAr: "خريطة", altEn: "Map" });
    input.questions![0]!.id = exam.questions[0]!.id;
    expect((await h.request({ method: "PUT", url: `/api/exams/${exam.id}`, cookie: c.teacher, payload: input as object })).statusCode).toBe(200);
    const again = await h.request({ method: "GET", url: `/api/student/exams/${exam.id}/paper`, cookie: c.student });
    expect(again.headers.etag).not.toBe(paperRes.headers.etag);
    expect((await getImage(c.student, next)).statusCode).toBe(200);
    expect((await getImage(c.student, id)).statusCode).toBe(404);

    // Before the student's sitting starts, nothing of the exam is theirs, its pictures neither.
    const start = new Date(Date.now() + 3_600_000);
    await h.db.insert(sittings).values({ examId: exam.id, startsAt: start, entryClosesAt: new Date(start.getTime() + 600_000), endsAt: new Date(start.getTime() + 3_600_000) });
    await h.db.execute(sql`update exams set updated_at = now() where id = ${exam.id}`);
    // Written behind the app's back: announced as the sittings service does (paper.ts trusts its copy until then).
    await examsChanged(h.db, [exam.id]);
    expect((await getImage(c.student, next)).statusCode).toBe(404);
  });

  it("sweeps images nothing shows after a day, with their bytes, and keeps the ones in use", async () => {
    const unused = await uploaded(c.teacher);
    const used = await uploaded(c.teacher);
    await create(c.teacher, examWith({ id: used, altAr: "خريطة", altEn: "Map" }));
    await h.db.execute(sql`update exam_media set created_at = now() - interval '2 days' where id in (${unused}, ${used})`);
    const [row] = await h.db.select().from(examMedia).where(eq(examMedia.id, unused));
    expect(await sweepUnusedImages(h.db, h.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await h.db.select().from(examMedia).where(eq(examMedia.id, unused))).toEqual([]);
    expect(await h.app.storage.get(row!.storageKey)).toBeNull();
    expect((await getImage(c.teacher, used)).statusCode).toBe(200);
  });
});

describe("a bank item's pictures (issue 34)", () => {
  it("follow the item into another exam: its students get them, another school's never; its editor may name them; the sweep keeps them while a version does", async () => {
    const id = await uploaded(c.teacher);
    const first = (await create(c.teacher, examWith({ id, altAr: "خريطة", altEn: "Map" }, { status: "draft" }))).json() as TExamDetail;
    const [row] = await h.db.select({ versionId: questions.itemVersionId }).from(questions).where(eq(questions.id, first.questions[0]!.id));
    const [version] = await h.db.select().from(bankItemVersions).where(eq(bankItemVersions.id, row!.versionId));
    // Another teacher of the school puts the item in their published exam.
    const second = (await create(c.otherTeacher, examWith(null))).json() as TExamDetail;
    const added = await h.request({ method: "POST", url: `/api/exams/${second.id}/bank-items`, cookie: c.otherTeacher, payload: { itemIds: [version!.itemId] } });
    expect(added.statusCode, added.body).toBe(200);
    // The exam that claimed it is a draft; the one the item went to is the student's.
    expect((await getImage(c.student, id)).statusCode).toBe(200);
    expect((await getImage(c.outsider, id)).statusCode).toBe(404);
    expect((await getImage(c.foreignTeacher, id)).statusCode).toBe(404);
    // Its editor saves it again, naming a picture another author uploaded: it is this exam's now.
    const detail = added.json() as TExamDetail;
    const resaved = await h.request({ method: "PUT", url: `/api/exams/${second.id}`, cookie: c.otherTeacher, payload: { ...examWith(null), questions: detail.questions } as object });
    expect(resaved.statusCode, resaved.body).toBe(200);
    // The first exam goes; the picture is unattached and old, and still kept: the version names it.
    expect((await h.request({ method: "DELETE", url: `/api/exams/${first.id}`, cookie: c.teacher })).statusCode).toBe(204);
    await h.db.execute(sql`update exam_media set created_at = now() - interval '2 days' where id = ${id}`);
    await sweepUnusedImages(h.db, h.app.storage);
    expect((await getImage(c.student, id)).statusCode).toBe(200);
  });
});

describe("listening clips", () => {
  const clipExam = (audio: TAudioInput, over: Partial<TExamInput> = {}) => {
    const exam = examWith(null, over);
    exam.questions![0]!.audio = audio;
    return exam;
  };

  it("takes MP3, M4A and OGG by their bytes, refuses a clip too large, and keeps clips and pictures in their places", async () => {
    for (const [bytes, type] of [
      [OGG, "audio/ogg"],
      [MP3, "audio/mpeg"],
      [M4A, "audio/mp4"],
    ] as const) {
      const res = await upload(c.teacher, bytes, "clip.bin", "application/octet-stream");
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ kind: "audio", contentType: type, width: null, height: null });
    }
    const big = await upload(c.teacher, Buffer.concat([MP3, Buffer.alloc(21 * 1024 * 1024)]), "long.mp3", "audio/mpeg");
    expect([big.statusCode, big.json().code]).toEqual([413, "AUDIO_TOO_LARGE"]);
    const clip = await uploaded(c.teacher, OGG);
    const picture = await uploaded(c.teacher, PNG);
    const asPicture = await create(c.teacher, examWith({ id: clip, altAr: "مقطع", altEn: "Clip" }));
    expect(asPicture.json()).toMatchObject({ code: "IMAGE_NOT_YOURS", fields: [{ path: "questions.0.image" }] });
    const asClip = await create(c.teacher, clipExam({ id: picture }));
    expect(asClip.json()).toMatchObject({ code: "IMAGE_NOT_YOURS", fields: [{ path: "questions.0.audio" }] });
    for (const bad of [{ id: clip, maxPlays: 0 }, { id: clip, maxPlays: 6 }, { id: clip, maxPlays: "2" }, { id: clip, transcriptAr: "ن".repeat(20_001) }]) {
      expect((await create(c.teacher, clipExam(bad as TAudioInput))).statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
  });

  it("gives the student the clip and its limit but never its transcript, and counts plays on the server up to the limit", async () => {
    const clip = await uploaded(c.teacher, OGG);
    const exam = (await create(c.teacher, clipExam({ id: clip, maxPlays: 2, transcriptAr: "جرس المدرسة", transcriptEn: "The school bell" }))).json() as TExamDetail;
    expect(exam.questions[0]!.audio).toEqual({ id: clip, maxPlays: 2, transcriptAr: "جرس المدرسة", transcriptEn: "The school bell" });
    const paper = await h.request({ method: "GET", url: `/api/student/exams/${exam.id}/paper`, cookie: c.student });
    // With its length, read from its bytes at upload, for the player to show before the first (counted) play.
    expect((paper.json() as TPaper).questions[0]!.audio).toEqual({ id: clip, maxPlays: 2, seconds: 3 });
    expect(paper.body).not.toContain("school bell");
    // A limited clip is not served from its plain address to the student (issue 33 item 21); its author still previews it.
    const plain = await getImage(c.student, clip);
    expect([plain.statusCode, plain.json().code]).toEqual([403, "CLIP_PLAY_REQUIRED"]);
    const preview = await getImage(c.teacher, clip);
    expect([preview.statusCode, preview.headers["cache-control"]]).toEqual([200, "private, max-age=31536000, immutable"]);

    const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c.student })).json() as TAttemptState;
    expect(attempt.plays).toEqual({});
    const play = (cookie: string, attemptId = attempt.id, mediaId = clip) => h.request({ method: "POST", url: `/api/attempts/${attemptId}/plays/${mediaId}`, cookie });
    const first = await play(c.student);
    const firstPlay = first.json() as TPlay;
    expect([first.statusCode, first.headers["cache-control"], firstPlay.plays, firstPlay.maxPlays]).toEqual([200, "no-store, private", 1, 2]);
    expect(firstPlay.url).toMatch(/^\/api\/media\/plays\/[\w-]{43}$/);
    // The chime lasts 3 s (its Vorbis header and last granule): the address lives that long plus the margin.
    const lives = (Date.parse(firstPlay.expiresAt!) - Date.now()) / 1000;
    expect(lives).toBeGreaterThan(PLAY_MARGIN_SECONDS);
    expect(lives).toBeLessThan(PLAY_MARGIN_SECONDS + 10);

    // The play's address serves the clip and the ranges the audio element asks for, kept by nothing in between.
    const ranged = (range: string | undefined, url = firstPlay.url!, cookie = c.student) => h.request({ method: "GET", url, cookie, headers: range ? { range } : {} });
    const heard = await ranged(undefined);
    expect([heard.statusCode, heard.headers["content-type"], heard.headers["accept-ranges"], heard.headers["cache-control"]]).toEqual([200, "audio/ogg", "bytes", "no-store, private"]);
    expect(heard.rawPayload.equals(OGG)).toBe(true);
    const start = await ranged("bytes=0-99");
    expect([start.statusCode, start.headers["content-range"], start.rawPayload.length, start.headers["cache-control"]]).toEqual([206, `bytes 0-99/${OGG.length}`, 100, "no-store, private"]);
    expect(start.rawPayload.equals(OGG.subarray(0, 100))).toBe(true);
    const tail = await ranged("bytes=-10");
    expect(tail.rawPayload.equals(OGG.subarray(OGG.length - 10))).toBe(true);
    const open = await ranged(`bytes=${OGG.length - 5}-`);
    expect([open.statusCode, open.rawPayload.length]).toEqual([206, 5]);
    const outside = await ranged(`bytes=${OGG.length}-`);
    expect([outside.statusCode, outside.headers["content-range"], outside.json().code]).toEqual([416, `bytes */${OGG.length}`, "RANGE_NOT_SATISFIABLE"]);
    const bilingual = { en: expect.any(String), ar: expect.any(String) };
    expect(outside.json()).toMatchObject({ title: bilingual, message: bilingual, requestId: expect.any(String) });
    expect(outside.headers["content-type"]).toContain("application/json");
    expect((await ranged("bytes=0-1,5-9")).statusCode).toBe(200);
    expect((await ranged("pages=1")).statusCode).toBe(200);
    // Nobody else may use it: another student, another school's, nobody signed in.
    const ended = (r: { statusCode: number; json: () => { code: string } }) => [r.statusCode, r.json().code];
    expect(ended(await ranged("bytes=0-99", firstPlay.url!, c.otherStudent))).toEqual([410, "CLIP_PLAY_ENDED"]);
    expect(ended(await ranged("bytes=0-99", firstPlay.url!, c.outsider))).toEqual([410, "CLIP_PLAY_ENDED"]);
    expect((await h.request({ method: "GET", url: firstPlay.url! })).statusCode).toBe(401);

    // Two devices pressing Play together get no more than the limit between them.
    const results = await Promise.all([play(c.student), play(c.student)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe("PLAYS_USED_UP");
    const lastPlay = results.find((r) => r.statusCode === 200)!.json() as TPlay;
    expect(lastPlay.plays).toBe(2);
    // The last play replaced the first: the first's address is refused, the last's serves until it expires.
    expect(ended(await ranged("bytes=0-99"))).toEqual([410, "CLIP_PLAY_ENDED"]);
    expect((await ranged("bytes=0-99", lastPlay.url!)).statusCode).toBe(206);
    // Used up: neither a new play, nor the plain address, nor the first play's address gives the clip again.
    expect((await play(c.student)).json().code).toBe("PLAYS_USED_UP");
    expect((await getImage(c.student, clip)).json().code).toBe("CLIP_PLAY_REQUIRED");
    expect(ended(await ranged(undefined))).toEqual([410, "CLIP_PLAY_ENDED"]);
    // Once expired (the clock moved on), the last play's address is refused too.
    await h.db.update(mediaPlays).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(mediaPlays.attemptId, attempt.id));
    expect(ended(await ranged("bytes=0-99", lastPlay.url!))).toEqual([410, "CLIP_PLAY_ENDED"]);
    // Wrong shapes: a token of the wrong form (or none) is an address that does not exist; a well-formed one nobody
    // was given is a play that is over.
    for (const token of ["x", "A".repeat(44), "", `${"A".repeat(42)}!`]) {
      const bad = await h.request({ method: "GET", url: `/api/media/plays/${encodeURIComponent(token)}`, cookie: c.student });
      expect([bad.statusCode, bad.json().code], token).toEqual([404, "IMAGE_NOT_FOUND"]);
    }
    expect(ended(await ranged(undefined, `/api/media/plays/${"A".repeat(43)}`))).toEqual([410, "CLIP_PLAY_ENDED"]);

    // A reload (the attempt read again) still knows.
    const again = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c.student })).json() as TAttemptState;
    expect(again.plays).toEqual({ [clip]: 2 });
    // Nobody else's attempt, no clip of another paper, no made-up id.
    expect((await play(c.outsider)).statusCode).toBe(404);
    expect((await play(c.student, attempt.id, await uploaded(c.teacher, OGG))).statusCode).toBe(404);
    expect((await play(c.student, attempt.id, "x")).statusCode).toBe(404);
    expect((await play(c.student, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("serves a play's address from any server process, and only while its attempt is under way", async () => {
    const clip = await uploaded(c.teacher, OGG);
    const exam = (await create(c.teacher, clipExam({ id: clip, maxPlays: 3 }))).json() as TExamDetail;
    const { cookie } = await freshStudent();
    const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie })).json() as TAttemptState;
    const { url } = (await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/plays/${clip}`, cookie })).json() as TPlay;
    expect((await h.request({ method: "GET", url: url!, cookie })).statusCode).toBe(200);
    // Another server process (WORKERS, a second instance) serves it too: the play lives in the database, not in memory.
    const other = await h.buildAnotherApp();
    try {
      const there = await other.inject({ method: "GET", url: url!, headers: { cookie, range: "bytes=0-9" } });
      expect([there.statusCode, there.rawPayload.length]).toEqual([206, 10]);
    } finally {
      await other.close();
    }
    expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie })).statusCode).toBe(200);
    const after = await h.request({ method: "GET", url: url!, cookie });
    expect([after.statusCode, after.json().code]).toEqual([410, "CLIP_PLAY_ENDED"]);
  });

  it("does not count a clip the author left free", async () => {
    const clip = await uploaded(c.teacher, OGG);
    const exam = (await create(c.teacher, clipExam({ id: clip }))).json() as TExamDetail;
    const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c.otherStudent })).json() as TAttemptState;
    for (let i = 0; i < 3; i++) {
      const res = await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/plays/${clip}`, cookie: c.otherStudent });
      expect(res.json()).toEqual({ plays: 0, maxPlays: null, url: null, expiresAt: null });
    }
    // Heard from its plain address, which the browser may keep.
    const heard = await getImage(c.otherStudent, clip);
    expect([heard.statusCode, heard.headers["cache-control"]]).toEqual([200, "private, max-age=31536000, immutable"]);
  });
});

/** A student of the own school with no attempt under way. */
async function freshStudent() {
  const made = await h.makeUser("student", { schoolId: "school_own" });
  return { made, cookie: await h.signIn(made.email, made.password, "student") };
}

describe("a matching question's pictures", () => {
  const matching = (pairs: NonNullable<TExamInput["questions"]>[number]["matchingPairs"], over: Partial<TExamInput> = {}): TExamInput => ({
    ...examWith(null, over),
    questions: [{ type: "matching", questionTextAr: "صِل كل إمارة بخريطتها", questionTextEn: "Match each emirate to its map", points: 2, matchingPairs: pairs }],
  });
  const described = (id: string, n: number) => ({ id, altAr: `خريطة ${n}`, altEn: `Map ${n}` });

  it("keeps a picture on either side of a pair, alone or with words, and gives it to the student with the paper", async () => {
    const [a, b, premise] = [await uploaded(c.teacher), await uploaded(c.teacher, JPEG), await uploaded(c.teacher, WEBP)];
    const res = await create(
      c.teacher,
      matching([
        { premise_ar: "دبي", premise_en: "Dubai", responseImage: described(a, 1) },
        { premise_ar: "الفجيرة", premise_en: "Fujairah", response_ar: "على خليج عُمان", response_en: "On the Gulf of Oman", responseImage: described(b, 2) },
        { premiseImage: described(premise, 3), response_ar: "العاصمة", response_en: "The capital" },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const exam = res.json() as TExamDetail;
    expect(exam.questions[0]!.matchingPairs[0]).toMatchObject({ premise_ar: "دبي", response_ar: "", premiseImage: null, responseImage: { id: a, width: 1, height: 1, altAr: "خريطة 1", altEn: "Map 1" } });
    expect(exam.questions[0]!.matchingPairs[2]!.premiseImage).toEqual({ id: premise, width: 1, height: 1, altAr: "خريطة 3", altEn: "Map 3" });

    const paper = (await h.request({ method: "GET", url: `/api/student/exams/${exam.id}/paper`, cookie: c.student })).json() as TPaper;
    const q = paper.questions[0]!;
    expect(q.premises[2]).toEqual({ ar: "", en: "", image: { id: premise, width: 1, height: 1, altAr: "خريطة 3", altEn: "Map 3" } });
    expect(q.responses.map((r) => r.image?.id ?? r.ar).sort()).toEqual([a, b, "العاصمة"].sort());
    for (const id of [a, b, premise]) expect((await getImage(c.student, id)).statusCode).toBe(200);
    expect((await getImage(c.outsider, a)).statusCode).toBe(404);

    // The result names a picture the student chose by its description, and carries it (docs/decisions/0064).
    const { cookie } = await freshStudent();
    const attempt = (await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie })).json() as TAttemptState;
    const chosen = q.premises.map((_, i) => q.responses.findIndex((r) => r.image?.id === [a, b][i] || (i === 2 && r.ar === "العاصمة")));
    const saved = await h.request({ method: "PUT", url: `/api/attempts/${attempt.id}/answers/${q.id}`, cookie, payload: { examId: exam.id, matching: chosen, clientSeq: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await h.request({ method: "POST", url: `/api/attempts/${attempt.id}/submit`, cookie })).statusCode).toBe(200);
    const result = (await h.request({ method: "GET", url: `/api/attempts/${attempt.id}/result`, cookie })).json() as { questions: { answer: { matching: { premise: object; chosen: object }[] } }[] };
    expect(result.questions[0]!.answer.matching[0]!.chosen).toEqual({ ar: "خريطة 1", en: "Map 1", image: { id: a, width: 1, height: 1, altAr: "خريطة 1", altEn: "Map 1" } });
    expect(result.questions[0]!.answer.matching[2]!.premise).toEqual({ ar: "خريطة 3", en: "Map 3", image: { id: premise, width: 1, height: 1, altAr: "خريطة 3", altEn: "Map 3" } });
  });

  it("refuses a side with neither words nor a picture, a picture not described to publish, and a picture not the author's", async () => {
    const mine = await uploaded(c.teacher);
    const empty = await create(c.teacher, matching([{ premise_ar: "دبي", premise_en: "Dubai" }, { premise_ar: "عجمان", premise_en: "Ajman", response_ar: "أ", response_en: "A" }]));
    expect(empty.json()).toMatchObject({ code: "PAIR_MISSING_TEXT" });
    const undescribed = await create(c.teacher, matching([{ premise_ar: "دبي", premise_en: "Dubai", responseImage: { id: mine } }, { premise_ar: "عجمان", premise_en: "Ajman", response_ar: "أ", response_en: "A" }]));
    expect(undescribed.json()).toMatchObject({ code: "IMAGE_ALT_REQUIRED", fields: [{ path: "questions.0.matchingPairs.0.responseImage" }] });
    const draft = await create(c.teacher, matching([{ premise_ar: "دبي", premise_en: "Dubai", responseImage: { id: mine } }, { premise_ar: "عجمان", premise_en: "Ajman", response_ar: "أ", response_en: "A" }], { status: "draft" }));
    expect(draft.statusCode, draft.body).toBe(201);
    const theirs = await uploaded(c.otherTeacher);
    const stolen = await create(c.teacher, matching([{ premise_ar: "دبي", premise_en: "Dubai", response_ar: "أ", response_en: "A" }, { premiseImage: described(theirs, 1), response_ar: "ب", response_en: "B" }]));
    expect(stolen.json()).toMatchObject({ code: "IMAGE_NOT_YOURS", fields: [{ path: "questions.0.matchingPairs.1.premiseImage" }] });
    expect((await create(c.teacher, matching([{ premise_ar: "دبي", premise_en: "Dubai", responseImage: { id: "not-an-id" } }]))).statusCode).toBe(400);
  });

  it("keeps a pair's pictures from the sweep while they are shown, and sweeps them once taken out", async () => {
    const kept = await uploaded(c.teacher);
    const dropped = await uploaded(c.teacher);
    const input = matching([
      { premise_ar: "دبي", premise_en: "Dubai", responseImage: described(kept, 1) },
      { premise_ar: "عجمان", premise_en: "Ajman", responseImage: described(dropped, 2) },
    ]);
    const exam = (await create(c.teacher, input)).json() as TExamDetail;
    await h.db.execute(sql`update exam_media set created_at = now() - interval '2 days' where id in (${kept}, ${dropped})`);
    await sweepUnusedImages(h.db, h.app.storage);
    expect((await getImage(c.teacher, kept)).statusCode).toBe(200);
    expect((await getImage(c.teacher, dropped)).statusCode).toBe(200);
    input.questions![0]!.id = exam.questions[0]!.id;
    input.questions![0]!.matchingPairs![1] = { premise_ar: "عجمان", premise_en: "Ajman", response_ar: "أصغر الإمارات", response_en: "The smallest emirate" };
    expect((await h.request({ method: "PUT", url: `/api/exams/${exam.id}`, cookie: c.teacher, payload: input as object })).statusCode).toBe(200);
    await sweepUnusedImages(h.db, h.app.storage);
    expect((await getImage(c.teacher, kept)).statusCode).toBe(200);
    expect((await getImage(c.teacher, dropped)).statusCode).toBe(404);
  });
});

describe("transcripts for a student who cannot hear", () => {
  it("are set on a student's account, and only a student's", async () => {
    const post = (payload: object) => h.request({ method: "POST", url: "/api/users", cookie: c.admin, payload });
    const student = await post({ email: "deaf@test.local", password: "secret-pass", role: "student", username: "deaf1", clipTranscripts: true });
    expect(student.statusCode, student.body).toBe(201);
    expect(student.json()).toMatchObject({ clipTranscripts: true });
    const teacher = await post({ email: "t-transcripts@test.local", password: "secret-pass", role: "teacher", clipTranscripts: true });
    expect(teacher.json()).toMatchObject({ role: "teacher", clipTranscripts: false });
    for (const bad of ["yes", 1, null]) expect((await post({ email: "x@test.local", password: "secret-pass", role: "student", username: "x1", clipTranscripts: bad })).statusCode).toBe(400);
    const off = await h.request({ method: "PATCH", url: `/api/users/${student.json().id}`, cookie: c.admin, payload: { clipTranscripts: "no" } });
    expect(off.statusCode).toBe(400);
    const outsider = await h.request({ method: "PATCH", url: `/api/users/${student.json().id}`, cookie: c.teacher, payload: { clipTranscripts: false } });
    expect(outsider.statusCode).toBe(403);
  });

  it("reach the student with the accommodation while they sit the exam, from the moment it is given, and nobody else", async () => {
    const { made, cookie } = await freshStudent();
    const clip = await uploaded(c.teacher, OGG);
    const input = examWith(null);
    input.questions![0]!.audio = { id: clip, maxPlays: 2, transcriptAr: "جرس المدرسة يرن", transcriptEn: "The school bell rings" };
    const exam = (await create(c.teacher, input)).json() as TExamDetail;
    const attempt = () => h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie });
    const first = (await attempt()).json() as TAttemptState;
    expect(first.transcripts).toEqual({});
    expect((await h.request({ method: "PATCH", url: `/api/users/${made.id}`, cookie: c.admin, payload: { clipTranscripts: true } })).statusCode).toBe(200);
    expect(((await attempt()).json() as TAttemptState).transcripts).toEqual({ [clip]: { ar: "جرس المدرسة يرن", en: "The school bell rings" } });
    // The paper stays one copy for everyone, without them; a classmate's state has none.
    const paper = await h.request({ method: "GET", url: `/api/student/exams/${exam.id}/paper`, cookie });
    expect(paper.body).not.toContain("school bell");
    expect(((await h.request({ method: "POST", url: `/api/student/exams/${exam.id}/attempt`, cookie: c.otherStudent })).json() as TAttemptState).transcripts).toEqual({});
    // Once handed in, the attempt's state carries them no longer.
    const submitted = (await h.request({ method: "POST", url: `/api/attempts/${first.id}/submit`, cookie })).json() as TAttemptState;
    expect(submitted.transcripts).toEqual({});
  });
});

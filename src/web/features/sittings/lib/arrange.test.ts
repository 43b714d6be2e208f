// The live view's search, class filter and sort (issue 33 item 7).
import { describe, expect, it } from "vitest";
import type { TLiveView } from "@shared/schemas/sitting";
import { arrangeStudents, classesOf, foldName, NO_CLASS } from "./arrange";

type TStudent = TLiveView["students"][number];
const student = (name: string, over: Partial<TStudent> = {}): TStudent => ({
  studentId: name,
  name,
  schoolNameAr: null,
  schoolNameEn: null,
  className: null,
  state: "absent",
  attemptId: null,
  startedAt: null,
  lastSaveAt: null,
  lastSeenAt: null,
  deadlineAt: null,
  completedAt: null,
  answered: 0,
  questionCount: null,
  extraMinutes: 0,
  grantedMinutes: 0,
  signedInWithCode: false,
  pendingAnswers: 0,
  heldAnswers: 0,
  ...over,
});
const students = [
  student("أحمد علي", { className: "8B", state: "working", attemptId: "a", startedAt: "2026-11-28T08:00:00Z", lastSeenAt: "2026-11-28T08:20:00Z" }),
  student("Zaid", { className: "8A", state: "offline", attemptId: "b", startedAt: "2026-11-28T08:00:00Z", lastSeenAt: "2026-11-28T08:05:00Z" }),
  student("فاطمة", { className: "8A", state: "lobby" }),
  student("Omar", { state: "submitted", attemptId: "c", startedAt: "2026-11-28T08:00:00Z", lastSaveAt: "2026-11-28T08:10:00Z" }),
];
const names = (list: TStudent[]) => list.map((s) => s.name);
const base = { search: "", className: "", state: null, sort: "state", lang: "en" } as const;

describe("arrangeStudents", () => {
  it("searches names whatever the case, the diacritics or the form of alef and ta marbuta", () => {
    expect(foldName("أَحْمَد")).toBe("احمد");
    expect(names(arrangeStudents(students, { ...base, search: "احمد" }))).toEqual(["أحمد علي"]);
    expect(names(arrangeStudents(students, { ...base, search: "فاطمه" }))).toEqual(["فاطمة"]);
    expect(names(arrangeStudents(students, { ...base, search: "  zA " }))).toEqual(["Zaid"]);
    expect(arrangeStudents(students, { ...base, search: "nobody" })).toEqual([]);
  });

  it("filters by class (or no class) and by state together", () => {
    expect(names(arrangeStudents(students, { ...base, className: "8A" }))).toEqual(["Zaid", "فاطمة"]);
    expect(names(arrangeStudents(students, { ...base, className: NO_CLASS }))).toEqual(["Omar"]);
    expect(names(arrangeStudents(students, { ...base, className: "8A", state: "lobby" }))).toEqual(["فاطمة"]);
    expect(classesOf(students, "en")).toEqual({ classes: ["8A", "8B"], someWithout: true });
  });

  it("sorts by urgency, name, class, or the longest silent first", () => {
    expect(names(arrangeStudents(students, base))).toEqual(["Zaid", "أحمد علي", "فاطمة", "Omar"]);
    expect(names(arrangeStudents(students, { ...base, sort: "name" }))).toEqual(["Omar", "Zaid", "أحمد علي", "فاطمة"]);
    expect(names(arrangeStudents(students, { ...base, sort: "class" }))).toEqual(["Zaid", "فاطمة", "أحمد علي", "Omar"]);
    expect(names(arrangeStudents(students, { ...base, sort: "quiet" }))).toEqual(["Zaid", "Omar", "أحمد علي", "فاطمة"]);
  });
});

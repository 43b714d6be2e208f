// Exams, subjects and the schools of an exam's audience: fetchers, query options and hooks.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TExamDetail, TExamInput, TExamStatus, TExamSummary } from "@shared/schemas/exam";
import type { TQtiImported, TQtiPreview } from "@shared/schemas/qti";
import { api } from "@web/lib/api";
import { skillsQuery, subjectsQuery } from "@web/lib/catalogue";
import { toExamInput } from "./lib/exam-form";
import { apiErrorFrom, filenameFromDisposition, saveThroughLink } from "@web/features/files/api";

const EXAMS = ["exams"] as const;

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const s = search.toString();
  return s ? `?${s}` : "";
}

// ---- subjects (a fixed list; cached for the session)

export { subjectsQuery };

export function useSubjects() {
  return useQuery(subjectsQuery);
}

// ---- the skill catalogue of a subject, for tagging questions (retired ones too: a question may keep one)

export function useSubjectSkills(subjectId: string) {
  return useQuery({ ...skillsQuery(subjectId), enabled: !!subjectId });
}

// ---- schools, for a super_admin's audience picker

export type TAudienceSchool = { id: string; nameAr: string; nameEn: string; cityAr: string | null; cityEn: string | null };

export const audienceSchoolsQuery = queryOptions({
  queryKey: [...EXAMS, "schools"] as const,
  queryFn: ({ signal }) => api<{ items: TAudienceSchool[] }>("/api/schools", { signal }).then((r) => r.items),
  staleTime: 60_000,
});

export function useAudienceSchools(enabled: boolean) {
  return useQuery({ ...audienceSchoolsQuery, enabled });
}

// ---- exams

export type TExamListParams = { q?: string; subjectId?: string; status?: TExamStatus };

export const examsListQuery = (params: TExamListParams) =>
  queryOptions({
    queryKey: [...EXAMS, "list", params] as const,
    queryFn: ({ signal }) => api<{ items: TExamSummary[] }>(`/api/exams${query(params)}`, { signal }).then((r) => r.items),
  });

/** While new search results load, the previous ones stay on screen. */
export function useExams(params: TExamListParams) {
  return useQuery({ ...examsListQuery(params), placeholderData: keepPreviousData });
}

export const examQuery = (id: string) =>
  queryOptions({
    queryKey: [...EXAMS, "detail", id] as const,
    queryFn: ({ signal }) => api<TExamDetail>(`/api/exams/${encodeURIComponent(id)}`, { signal }),
    // The editor copies the exam into its form once; refetching under it would change nothing on screen.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });

export function useExam(id: string | undefined) {
  return useQuery({ ...examQuery(id ?? ""), enabled: !!id });
}

/** POST a new exam or PUT an existing one (one server transaction either way); the answer is the saved exam. */
export function useSaveExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TExamInput }) =>
      id
        ? api<TExamDetail>(`/api/exams/${encodeURIComponent(id)}`, { method: "PUT", body: input })
        : api<TExamDetail>("/api/exams", { method: "POST", body: input }),
    onSuccess: (exam) => {
      queryClient.setQueryData(examQuery(exam.id).queryKey, exam);
      return queryClient.invalidateQueries({ queryKey: [...EXAMS, "list"] });
    },
  });
}

export function useDeleteExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/exams/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: examQuery(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: [...EXAMS, "list"] });
    },
  });
}

/** An exam students have taken is archived instead of deleted: the saved exam, unchanged but for its status. */
export function useArchiveExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const exam = await api<TExamDetail>(`/api/exams/${encodeURIComponent(id)}`);
      return api<TExamDetail>(`/api/exams/${encodeURIComponent(id)}`, { method: "PUT", body: { ...toExamInput(exam), status: "archived" } });
    },
    onSuccess: (exam) => {
      queryClient.setQueryData(examQuery(exam.id).queryKey, exam);
      return queryClient.invalidateQueries({ queryKey: [...EXAMS, "list"] });
    },
  });
}

// ---- images (issue 18)

export type TUploadedMedia = { id: string; kind: "image" | "audio"; contentType: string; sizeBytes: number; width: number | null; height: number | null };

/** POSTs a file (and form fields before it, a name possibly repeated: the server reads the parts in order) as multipart/form-data. */
export async function postFile<T>(url: string, file: File, fields: [string, string][] = []): Promise<T> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append("file", file);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw apiErrorFrom(0, "", "", "NETWORK");
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, text, response.headers.get("x-request-id") ?? "");
  return JSON.parse(text) as T;
}

/** POST /api/media: the server reads what the file is from its bytes: a PNG, JPEG or WebP picture, or an MP3, M4A or OGG clip. */
export const uploadMedia = (file: File) => postFile<TUploadedMedia>("/api/media", file);

// ---- QTI packages (issue 19; docs/decisions/0023)

/** The exam as a QTI 3.0 package: a plain download link (the session cookie rides along). */
export const qtiExportUrl = (id: string) => `/api/exams/${encodeURIComponent(id)}/qti`;

/**
 * Several exams as one QTI package (POST: the ids go in the body): fetched, then saved through a link. A refusal
 * (an exam no longer there or not yours, too many) is thrown with the server's words for a toast.
 */
async function exportQtiSelection(examIds: string[]): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/exams/export/qti", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ examIds }), credentials: "same-origin" });
  } catch {
    throw apiErrorFrom(0, "", "", "NETWORK");
  }
  if (!response.ok) throw apiErrorFrom(response.status, await response.text(), response.headers.get("x-request-id") ?? "");
  const url = URL.createObjectURL(await response.blob());
  saveThroughLink(url, filenameFromDisposition(response.headers.get("content-disposition")) ?? "exams.qti.zip");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExportQtiSelection() {
  return useMutation({ mutationFn: exportQtiSelection });
}

/** What a package holds, understood and skipped; nothing is created. */
export function useQtiPreview() {
  return useMutation({ mutationFn: (file: File) => postFile<TQtiPreview>("/api/exams/import/qti/preview", file) });
}

/** A draft exam per test of the package, each in the subject chosen for it and with the title given to it (in the tests' order; empty: the package's). */
export function useImportQti() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, subjectIds, titles }: { file: File; subjectIds: string[]; titles: string[] }) =>
      postFile<TQtiImported>("/api/exams/import/qti", file, [...subjectIds.map((id): [string, string] => ["subjectId", id]), ...titles.map((title): [string, string] => ["title", title])]),
    onSuccess: ({ exams }) => {
      for (const exam of exams) queryClient.setQueryData(examQuery(exam.id).queryKey, exam);
      return queryClient.invalidateQueries({ queryKey: [...EXAMS, "list"] });
    },
  });
}

// The files screen's calls: the list, upload (multipart, with progress), download, assignment and delete, plus
// the student search of the picker. JSON calls go through lib/api.ts; the two that are not JSON (the multipart
// upload and the file download) turn a failure into the same ApiError here.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ERRORS, type TErrorBody } from "@shared/errors";
import type { TFile } from "@shared/schemas/file";
import type { TUserPage } from "@shared/schemas/user";
import { api, ApiError } from "@web/lib/api";
import { SKILLS_KEY } from "@web/lib/catalogue";
import { asErrorBody, bodyFromCode, NETWORK_ERROR } from "@web/lib/errors";

export type { TFile };

const KEY = ["files"] as const;

export const filesQuery = queryOptions({
  queryKey: [...KEY, "list"] as const,
  queryFn: ({ signal }) => api<{ items: TFile[] }>("/api/files", { signal }),
});

export const fileStudentsQuery = (fileId: string) =>
  queryOptions({
    queryKey: [...KEY, "students", fileId] as const,
    queryFn: ({ signal }) => api<{ studentIds: string[] }>(`/api/files/${encodeURIComponent(fileId)}/students`, { signal }),
    // Always ask again when the dialog opens: someone else may have changed the assignment.
    staleTime: 0,
    gcTime: 0,
  });

export const PICKER_PAGE_SIZE = 50;

export const studentSearchQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ["users", "students-picker", q] as const,
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ group: "students", page: String(pageParam), pageSize: String(PICKER_PAGE_SIZE) });
      if (q) params.set("q", q);
      return api<TUserPage>(`/api/users?${params}`, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 30_000,
  });

// ---- failures of the non-JSON calls

function fallbackCode(status: number, fallback: string): string {
  if (status === 0) return NETWORK_ERROR.code;
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  return fallback;
}

/**
 * The ApiError for a failed answer: the server's `{code, title, message, requestId}` when the body is one,
 * otherwise the words of `fallback` (an error code of shared/errors.ts) or of the status.
 */
export function apiErrorFrom(status: number, text: string, requestId: string, fallback = "INTERNAL"): ApiError {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  return new ApiError(status, asErrorBody(data) ?? bodyFromCode(fallbackCode(status, fallback), requestId));
}

// ---- upload

export type TUploadInput = { file: File; studentIds: string[]; skillIds?: string[]; onProgress?: (fraction: number) => void; signal?: AbortSignal };

/**
 * POST /api/files as multipart/form-data. XMLHttpRequest rather than fetch because only it reports upload
 * progress; it is same-origin, so the session cookie rides along as with fetch's credentials: "same-origin".
 * An abort rejects with a DOMException named AbortError, as fetch does.
 */
export function uploadFile({ file, studentIds, skillIds = [], onProgress, signal }: TUploadInput): Promise<TFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Fields before the file: the server reads the parts in order and streams the file to disk.
    if (studentIds.length) form.append("studentIds", JSON.stringify(studentIds));
    if (skillIds.length) form.append("skillIds", JSON.stringify(skillIds));
    form.append("file", file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/files");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as TFile);
        } catch {
          reject(apiErrorFrom(xhr.status, "", xhr.getResponseHeader("x-request-id") ?? "", "UPLOAD_FAILED"));
        }
        return;
      }
      reject(apiErrorFrom(xhr.status, xhr.responseText, xhr.getResponseHeader("x-request-id") ?? "", "UPLOAD_FAILED"));
    };
    xhr.onerror = () => reject(apiErrorFrom(0, "", "", "UPLOAD_FAILED"));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    if (signal) {
      if (signal.aborted) return reject(new DOMException("The upload was cancelled.", "AbortError"));
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

// ---- download

/** Files up to this size are fetched and saved from memory; larger ones are handed to the browser's downloader. */
const IN_MEMORY_LIMIT = 64 * 1024 * 1024;

/** The filename of a Content-Disposition header: the RFC 5987 `filename*` (keeps Arabic) before `filename`. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/.exec(header) ?? /filename\s*=\s*([^;]+)/.exec(header);
  return plain?.[1]?.trim() || null;
}

export function saveThroughLink(href: string, filename: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Every download failure is titled "Download failed" (SPEC §8), with the server's reason as its message. */
function downloadFailed(body: TErrorBody): TErrorBody {
  return { ...body, title: ERRORS.FILE_NOT_FOUND.title };
}

/**
 * GET /api/files/:id/download, then saves it under the name the server gives (Content-Disposition). The
 * request is made first so a refusal (404 for a file the user may not read, a missing object) becomes a toast
 * instead of a broken download in the browser's download bar.
 */
export async function downloadFile(file: Pick<TFile, "id" | "name">): Promise<void> {
  const url = `/api/files/${encodeURIComponent(file.id)}/download`;
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, downloadFailed(bodyFromCode(NETWORK_ERROR.code)));
  }
  if (!response.ok) {
    const error = apiErrorFrom(response.status, await response.text().catch(() => ""), response.headers.get("x-request-id") ?? "", "FILE_NOT_FOUND");
    throw new ApiError(error.status, downloadFailed(error.body));
  }
  const filename = filenameFromDisposition(response.headers.get("content-disposition")) ?? file.name;
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > IN_MEMORY_LIMIT) {
    // Too big to hold in memory: let the browser stream it (the server checks the permission again).
    await response.body?.cancel().catch(() => {});
    saveThroughLink(url, filename);
    return;
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(0, downloadFailed(bodyFromCode(NETWORK_ERROR.code)));
  }
  const objectUrl = URL.createObjectURL(blob);
  saveThroughLink(objectUrl, filename);
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

// ---- mutations

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: () => Promise.all([filesQuery.queryKey, SKILLS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useSetFileStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, studentIds }: { fileId: string; studentIds: string[] }) =>
      api<{ studentIds: string[] }>(`/api/files/${encodeURIComponent(fileId)}/students`, { method: "PUT", body: { studentIds } }),
    onSuccess: ({ studentIds }, { fileId }) => {
      queryClient.setQueryData(filesQuery.queryKey, (old) =>
        old ? { items: old.items.map((f) => (f.id === fileId ? { ...f, assignedCount: studentIds.length } : f)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: filesQuery.queryKey });
    },
  });
}

export function useSetFileSkills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, skillIds }: { fileId: string; skillIds: string[] }) =>
      api<{ skillIds: string[] }>(`/api/files/${encodeURIComponent(fileId)}/skills`, { method: "PUT", body: { skillIds } }),
    onSuccess: ({ skillIds }, { fileId }) => {
      queryClient.setQueryData(filesQuery.queryKey, (old) => (old ? { items: old.items.map((f) => (f.id === fileId ? { ...f, skillIds } : f)) } : old));
      // The catalogue counts the files of each skill.
      void queryClient.invalidateQueries({ queryKey: SKILLS_KEY });
    },
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api<void>(`/api/files/${encodeURIComponent(fileId)}`, { method: "DELETE" }),
    onSuccess: (_data, fileId) => {
      queryClient.setQueryData(filesQuery.queryKey, (old) => (old ? { items: old.items.filter((f) => f.id !== fileId) } : old));
      void queryClient.invalidateQueries({ queryKey: filesQuery.queryKey });
    },
    onError: (error) => {
      // Gone already (deleted elsewhere): the list should stop showing it.
      if (error instanceof ApiError && error.status === 404) void queryClient.invalidateQueries({ queryKey: filesQuery.queryKey });
    },
  });
}

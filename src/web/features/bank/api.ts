// The item bank (issue 34): the search, one item with its versions and uses, copy, retire and restore, and adding
// items to an exam. The server applies every rule (who sees and changes what); these only ask.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TBankItemDetail, TBankItemInput, TBankItemSummary } from "@shared/schemas/bank";
import type { TBlueprintInput } from "@shared/schemas/blueprint";
import type { TExamDetail, TQuestionType } from "@shared/schemas/exam";
import type { TAssembleResponse, TExamForms, TSaveFormsInput } from "@shared/schemas/forms";
import { api } from "@web/lib/api";
import { examQuery, postFile } from "@web/features/exams/api";
import { apiErrorFrom, filenameFromDisposition, saveThroughLink } from "@web/features/files/api";

const BANK = ["bank"] as const;

export type TBankOwner = "mine" | "school" | "system";
/** The filters as the page holds them; empty means "any". */
export type TBankParams = {
  q?: string;
  subjectId?: string;
  grade?: number;
  skillId?: string;
  type?: TQuestionType;
  owner?: TBankOwner;
  facilityMin?: number;
  facilityMax?: number;
  neverUsed?: boolean;
  usedInLastYear?: boolean;
  includeRetired?: boolean;
  page: number;
  pageSize: number;
};
export type TBankPage = { items: TBankItemSummary[]; total: number; page: number; pageSize: number };

export function bankSearch(params: TBankParams): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "" && v !== false) search.set(k, String(v));
  return `/api/bank?${search}`;
}

export function useBankItems(params: TBankParams) {
  return useQuery({
    queryKey: [...BANK, "list", params] as const,
    queryFn: ({ signal }) => api<TBankPage>(bankSearch(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBankItem(id: string | null) {
  return useQuery({
    queryKey: [...BANK, "item", id] as const,
    queryFn: ({ signal }) => api<TBankItemDetail>(`/api/bank/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: !!id,
  });
}

/** Copy, retire or restore: the list and the item are read again afterwards. */
export function useBankAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "copy" | "retire" | "restore" }) =>
      api<TBankItemDetail>(`/api/bank/${encodeURIComponent(id)}/${action}`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: BANK }),
  });
}

/** Appends bank items to an exam at their newest version; the exam comes back as saved. */
export function useAddBankItems(examId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: string[]) => api<TExamDetail>(`/api/exams/${encodeURIComponent(examId)}/bank-items`, { method: "POST", body: { itemIds } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: BANK }),
  });
}

// ---- an exam's parallel forms (issue 34, "Forms from a blueprint")

const formsKey = (examId: string) => [...BANK, "forms", examId] as const;

export function useExamForms(examId: string) {
  return useQuery({ queryKey: formsKey(examId), queryFn: ({ signal }) => api<TExamForms>(`/api/exams/${encodeURIComponent(examId)}/forms`, { signal }) });
}

/** The solver can take seconds: the page shows its pending state meanwhile. */
export function useAssemble(examId: string) {
  return useMutation({
    mutationFn: (blueprint: TBlueprintInput) => api<TAssembleResponse>(`/api/exams/${encodeURIComponent(examId)}/assemble`, { method: "POST", body: blueprint }),
  });
}

/** Save forms (the exam's questions become their union) or go back to one paper; the forms come back as saved. */
export function useSaveForms(examId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TSaveFormsInput | null) =>
      input
        ? api<TExamForms>(`/api/exams/${encodeURIComponent(examId)}/forms`, { method: "PUT", body: input })
        : api<TExamForms>(`/api/exams/${encodeURIComponent(examId)}/forms`, { method: "DELETE" }),
    onSuccess: (forms) => {
      qc.setQueryData(formsKey(examId), forms);
      // The exam's questions changed: the editor and the bank's counts read them again.
      return Promise.all([qc.invalidateQueries({ queryKey: ["exams"] }), qc.invalidateQueries({ queryKey: [...BANK, "list"] })]);
    },
  });
}

/** A new item (no id) or an edit: the server edits in place while no student has seen it, else makes version n+1. */
export function useSaveBankItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TBankItemInput }) =>
      api<TBankItemDetail>(id ? `/api/bank/${encodeURIComponent(id)}` : "/api/bank", { method: id ? "PUT" : "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: BANK }),
  });
}

/** "Take the new version" for named questions of an exam, or all; the exam comes back as saved. */
export function useTakeVersions(examId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (questionIds?: string[]) => api<TExamDetail>(`/api/exams/${encodeURIComponent(examId)}/take-versions`, { method: "POST", body: questionIds ? { questionIds } : {} }),
    onSuccess: (exam) => {
      // The editor reads which questions have a newer version from the exam as saved: it is this one now.
      qc.setQueryData(examQuery(exam.id).queryKey, exam);
      return qc.invalidateQueries({ queryKey: BANK });
    },
  });
}

/** "Import QTI into the bank": a package's items filed under the subject chosen for each test; no exam is made. */
export function useImportQtiToBank() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, subjectIds }: { file: File; subjectIds: string[] }) =>
      postFile<{ itemIds: string[] }>("/api/bank/import/qti", file, subjectIds.map((id): [string, string] => ["subjectId", id])),
    onSuccess: () => qc.invalidateQueries({ queryKey: BANK }),
  });
}

/** Items (one, or a page of results) as one QTI 3.0 package: fetched (POST, the ids in the body), then saved through a link. */
async function exportBankQti(itemIds: string[]): Promise<void> {
  let response: Response;
  try {
    response = await fetch("/api/bank/export/qti", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ itemIds }), credentials: "same-origin" });
  } catch {
    throw apiErrorFrom(0, "", "", "NETWORK");
  }
  if (!response.ok) throw apiErrorFrom(response.status, await response.text(), response.headers.get("x-request-id") ?? "");
  const url = URL.createObjectURL(await response.blob());
  saveThroughLink(url, filenameFromDisposition(response.headers.get("content-disposition")) ?? "bank.qti.zip");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExportBankQti() {
  return useMutation({ mutationFn: exportBankQti });
}

// What a parse thread can be asked to do (parse-thread.mjs, docs/decisions/0029): each job reads an uploaded file's
// bytes into plain data that crosses back to the event loop by structured clone. Each loads only its own reader:
// a thread lives for one file, and its start is most of what a small file costs.
export const PARSE_JOBS = {
  /** A QTI package: its tests as draft exams with their media (qti-import.ts). */
  qti: async (bytes: Uint8Array) => (await import("./modules/qti/qti-import")).readPackage(bytes),
  /** An .xlsx roster's first sheet as rows of text (http/table.ts). */
  xlsx: async (bytes: Uint8Array) => (await import("./http/table")).readXlsxRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
};
export type TParseJob = keyof typeof PARSE_JOBS;
export type TParseResult<J extends TParseJob> = Awaited<ReturnType<(typeof PARSE_JOBS)[J]>>;

export const runParseJob = (job: TParseJob, bytes: Uint8Array) => PARSE_JOBS[job](bytes);

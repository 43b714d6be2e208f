// The subjects and the skill catalogue: read by the exam editor (to tag questions), the files screen (to tag
// worksheets) and the skills page (to manage them). One query key each, so a change made on the skills page is
// seen everywhere at once.
import { queryOptions } from "@tanstack/react-query";
import type { TSubject } from "@shared/schemas/exam";
import type { TSkill } from "@shared/schemas/skill";
import { api } from "./api";

export type { TSkill, TSubject };

export const SKILLS_KEY = ["skills"] as const;

/** The subjects: a fixed list, cached for the session. */
export const subjectsQuery = queryOptions({
  queryKey: ["subjects"] as const,
  queryFn: ({ signal }) => api<{ items: TSubject[] }>("/api/subjects", { signal }).then((r) => r.items),
  staleTime: 5 * 60_000,
});

/** Every skill, or a subject's, retired ones included: a question or a file may keep a skill retired since. */
export const skillsQuery = (subjectId?: string) =>
  queryOptions({
    queryKey: [...SKILLS_KEY, subjectId ?? "all"] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ includeRetired: "true" });
      if (subjectId) params.set("subjectId", subjectId);
      return api<{ items: TSkill[] }>(`/api/skills?${params}`, { signal }).then((r) => r.items);
    },
    staleTime: 60_000,
  });

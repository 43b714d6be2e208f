// The skill catalogue's changes (super_admin): add, rename or reword, retire and restore. The list itself is the
// shared catalogue query (lib/catalogue.ts), so the editor and the files screen see a change at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TSkillCreate, TSkillUpdate } from "@shared/schemas/skill";
import { api } from "@web/lib/api";
import { SKILLS_KEY, type TSkill } from "@web/lib/catalogue";

function useInvalidateSkills() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SKILLS_KEY });
}

export function useCreateSkill() {
  const invalidate = useInvalidateSkills();
  return useMutation({
    mutationFn: (input: TSkillCreate) => api<TSkill>("/api/skills", { method: "POST", body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateSkill() {
  const invalidate = useInvalidateSkills();
  return useMutation({
    mutationFn: ({ id, ...change }: TSkillUpdate & { id: string }) => api<TSkill>(`/api/skills/${encodeURIComponent(id)}`, { method: "PATCH", body: change }),
    onSuccess: () => invalidate(),
  });
}

// GET /api/public/config: contact details and the publishing domain (footer, contact page).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export type TPublicConfig = { contactPhone: string; contactEmail: string; siteDomain: string };

export const publicConfigQuery = queryOptions({
  queryKey: ["public", "config"] as const,
  queryFn: ({ signal }) => api<TPublicConfig>("/api/public/config", { signal }),
  staleTime: 60 * 60 * 1000,
  retry: 1,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

// The super_admin inbox of contact-form messages: fetchers, query options and hooks.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TContactListResponse, TContactMessageView } from "@shared/schemas/contact";
import { api } from "@web/lib/api";

const KEY = ["contact-messages"] as const;

export const contactMessagesQuery = (page: number, unreadOnly: boolean) =>
  queryOptions({
    queryKey: [...KEY, "list", { page, unreadOnly }] as const,
    queryFn: ({ signal }) =>
      api<TContactListResponse>(`/api/contact-messages?page=${page}${unreadOnly ? "&unread=true" : ""}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const contactMessageQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, "one", id] as const,
    queryFn: ({ signal }) => api<TContactMessageView>(`/api/contact-messages/${encodeURIComponent(id)}`, { signal }),
  });

export function useContactMessages(page: number, unreadOnly: boolean) {
  return useQuery(contactMessagesQuery(page, unreadOnly));
}

export function useContactMessage(id: string | null) {
  return useQuery({ ...contactMessageQuery(id ?? ""), enabled: id !== null });
}

export function useMarkContactMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TContactMessageView>(`/api/contact-messages/${encodeURIComponent(id)}/read`, { method: "POST" }),
    onSuccess: (message) => {
      queryClient.setQueryData(contactMessageQuery(message.id).queryKey, message);
      void queryClient.invalidateQueries({ queryKey: [...KEY, "list"] });
    },
  });
}

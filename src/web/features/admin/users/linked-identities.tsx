// A user's accounts at the school's identity providers (issue 38, docs/decisions/0050), in the edit dialog: which
// provider, the email it gave and when it was linked, and a removal after a confirmation (the next sign-in through
// that provider then matches by email again).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import type { TLinkedIdentity } from "@shared/schemas/identity-provider";
import { Button } from "@web/components/ui/button";
import { api } from "@web/lib/api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { failureToast, successToast, useAdminT } from "../lib/use-admin";

const identitiesKey = (userId: string) => ["admin", "users", userId, "identities"] as const;

export function LinkedIdentities({ userId, userName }: { userId: string; userName: string }) {
  const { t, lang } = useAdminT();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TLinkedIdentity | null>(null);
  const identities = useQuery({
    queryKey: identitiesKey(userId),
    queryFn: ({ signal }) => api<TLinkedIdentity[]>(`/api/users/${encodeURIComponent(userId)}/identities`, { signal }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<void>(`/api/users/${encodeURIComponent(userId)}/identities/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesKey(userId) }),
  });
  const list = identities.data ?? [];
  const providerName = (identity: TLinkedIdentity) => (lang === "ar" ? identity.providerNameAr : identity.providerNameEn);
  return (
    <section aria-labelledby="linked-identities-title" className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="linked-identities">
      <h3 id="linked-identities-title" className="flex items-center gap-2 text-sm font-semibold">
        <KeyRound aria-hidden="true" className="size-4 text-accent-foreground" />
        {t("identities.title")}
      </h3>
      {identities.isPending ? (
        <p className="text-sm text-muted-foreground">{t("identities.loading")}</p>
      ) : identities.isError ? (
        <p className="text-sm text-muted-foreground">{t("identities.loadFailed")}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("identities.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{providerName(identity)}</span>
                {identity.email && <bdi className="text-muted-foreground">{identity.email}</bdi>}
                <span className="text-xs text-muted-foreground">{t("identities.linkedAt", { date: new Date(identity.linkedAt).toLocaleDateString(lang === "ar" ? "ar-AE" : "en-GB") })}</span>
              </span>
              <Button type="button" variant="outline" size="sm" onClick={() => setRemoving(identity)}>
                {t("identities.remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("identities.removeTitle")}
        description={t("identities.removeMessage", { provider: removing ? providerName(removing) : "", name: userName })}
        confirmLabel={t("identities.remove")}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              successToast("identities.removed");
              setRemoving(null);
            },
            onError: (error) => failureToast(error, "identities.removeFailed"),
          })
        }
        testId="remove-identity-dialog"
      />
    </section>
  );
}

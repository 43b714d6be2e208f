// Deleting an account says beforehand what goes with it (GET /api/users/:id/delete-impact): a student's
// attempts and answers are deleted; exams and files someone wrote stay, shown as by a deleted user.
import { FileText, FolderOpen, ListChecks } from "lucide-react";
import type { TUser, TUserGroup } from "@shared/schemas/user";
import { Spinner } from "@web/components/ui/spinner";
import { useDeleteImpact, useDeleteUser } from "../api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { failureToast, successToast, useAdminT } from "../lib/use-admin";

export function DeleteUserDialog({ group, user, onClose }: { group: TUserGroup; user: TUser | null; onClose: () => void }) {
  const { t } = useAdminT();
  const impact = useDeleteImpact(user?.id ?? null);
  const remove = useDeleteUser();

  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        successToast("toast.userDeleted");
        onClose();
      },
      onError: (error) => {
        failureToast(error, "toast.failedDeleteUser");
        onClose();
      },
    });
  };

  const lines = impact.data
    ? [
        { key: "attempts", count: impact.data.attempts, icon: ListChecks },
        { key: "exams", count: impact.data.exams, icon: FileText },
        { key: "files", count: impact.data.files, icon: FolderOpen },
      ].filter((l) => l.count > 0)
    : [];

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(`users.groups.${group}.deleteTitle`)}
      description={t("users.delete.message")}
      confirmLabel={t("users.delete.confirm")}
      pending={remove.isPending}
      confirmDisabled={impact.isPending}
      onConfirm={confirm}
      testId="delete-user-dialog"
    >
      {user && (
        <div className="flex flex-col gap-3">
          <p className="flex flex-col items-start rounded-xl border border-border bg-muted/40 px-3 py-2 text-sm">
            <bdi className="font-semibold">{user.name}</bdi>
            <bdi dir="ltr" className="break-words text-muted-foreground">
              {user.email}
            </bdi>
          </p>
          <div aria-live="polite" data-testid="delete-impact">
            {impact.isPending ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="[&_svg]:size-4" label={t("users.delete.checking")} />
                <span aria-hidden="true">{t("users.delete.checking")}</span>
              </p>
            ) : impact.isError ? (
              <p className="text-sm text-destructive-text">{t("users.delete.impactFailed")}</p>
            ) : lines.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("users.delete.nothingLinked")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {lines.map(({ key, count, icon: Icon }) => (
                  <li key={key} className="flex items-start gap-2">
                    <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
                    <span>{t(`users.delete.${key}`, { count })}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </ConfirmDialog>
  );
}

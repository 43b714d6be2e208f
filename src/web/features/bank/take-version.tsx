// "Version N available" in the exam editor (issue 34; decision 0036): a question whose bank item has a newer version
// than the exam holds says so, and its author may take it — for that question or for all — after a confirmation.
// The server refuses while a student is taking the exam; its message is shown. Unsaved changes are saved first
// (the editor is reset to what the server returns), as for adding from the bank.
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import type { TExamDetail } from "@shared/schemas/exam";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { formatNumber } from "@web/lib/format";
import { useTakeVersions } from "./api";
import { bankFailure, bankSuccess, useBankT } from "./use-bank-t";

type TProps = { exam: TExamDetail; disabled: boolean; disabledReason?: string; onTaken: (exam: TExamDetail) => void };

/** The questions of the saved exam whose item has a newer version. */
export const questionsWithNewVersion = (exam: TExamDetail) => exam.questions.filter((q) => q.bank.newestVersion > q.bank.version);

/** One question's notice and action; nothing when it holds its item's newest version. */
export function TakeVersion({ questionId, ...props }: TProps & { questionId: string }) {
  const { t, lang } = useBankT();
  const q = props.exam.questions.find((x) => x.id === questionId);
  if (!q || q.bank.newestVersion <= q.bank.version) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 mb-2 rounded-xl border border-gold/40 bg-gold/10 px-4 py-2 text-sm text-foreground" data-testid="take-version">
      <span className="font-medium">{t("takeVersion.available", { n: formatNumber(lang, q.bank.newestVersion) })}</span>
      <TakeButton {...props} questionIds={[questionId]} label={t("takeVersion.take")} />
    </div>
  );
}

/** "Take all new versions", shown when any question has one. */
export function TakeAllVersions(props: TProps) {
  const { t } = useBankT();
  if (!questionsWithNewVersion(props.exam).length) return null;
  return <TakeButton {...props} label={t("takeVersion.takeAll")} />;
}

function TakeButton({ exam, disabled, disabledReason, onTaken, questionIds, label }: TProps & { questionIds?: string[]; label: string }) {
  const { t, lang } = useBankT();
  const [confirming, setConfirming] = useState(false);
  const take = useTakeVersions(exam.id);
  const n = questionsWithNewVersion(exam).length;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={disabled}
        title={disabled ? disabledReason : undefined}
        onClick={() => setConfirming(true)}
        data-testid={questionIds ? "take-version-one" : "take-version-all"}
      >
        <RefreshCw aria-hidden="true" />
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="default"
        title={t("takeVersion.title")}
        description={questionIds ? t("takeVersion.description") : t("takeVersion.descriptionAll", { n: formatNumber(lang, n) })}
        confirmLabel={t("takeVersion.confirm")}
        pendingLabel={t("takeVersion.pending")}
        pending={take.isPending}
        onConfirm={() =>
          take.mutate(questionIds, {
            onSuccess: (saved) => {
              setConfirming(false);
              bankSuccess("toast.tookVersion");
              onTaken(saved);
            },
            onError: (error) => {
              setConfirming(false);
              bankFailure(error, "toast.takeFailed");
            },
          })
        }
        testId="take-version-confirm"
      />
    </>
  );
}

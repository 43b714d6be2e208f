// The exam editor's "Add from the bank" (issue 34): the bank's list with a choose button per row, fixed to the exam's
// subject (an exam holds items of its own subject); the chosen items are appended by the server
// (POST /api/exams/:id/bank-items, at their newest version) and the saved exam comes back to the editor.
import { Library, LoaderCircle, Plus } from "lucide-react";
import { useState } from "react";
import type { TExamDetail } from "@shared/schemas/exam";
import { MAX_BANK_ITEMS_PER_ADD } from "@shared/schemas/bank";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { useQueryClient } from "@tanstack/react-query";
import { examQuery } from "@web/features/exams/api";
import { formatNumber } from "@web/lib/format";
import { useAddBankItems } from "./api";
import { BankList } from "./bank-list";
import { bankFailure, bankSuccess, useBankT } from "./use-bank-t";

export function AddFromBankDialog({
  exam,
  open,
  onOpenChange,
  onAdded,
}: {
  exam: TExamDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (saved: TExamDetail) => void;
}) {
  const { t, lang } = useBankT();
  const [chosen, setChosen] = useState<string[]>([]);
  const add = useAddBankItems(exam.id);
  const qc = useQueryClient();

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length >= MAX_BANK_ITEMS_PER_ADD ? c : [...c, id]));
  const close = (next: boolean) => {
    if (add.isPending) return;
    if (!next) setChosen([]);
    onOpenChange(next);
  };
  const confirm = () =>
    add.mutate(chosen, {
      onSuccess: (saved) => {
        qc.setQueryData(examQuery(saved.id).queryKey, saved);
        bankSuccess("toast.added", { count: chosen.length });
        onAdded(saved);
        close(false);
      },
      onError: (error) => bankFailure(error, "toast.addFailed"),
    });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] max-w-4xl gap-0 overflow-y-auto p-0" data-testid="add-from-bank-dialog">
        <DialogHeader className="gap-2 border-b border-border p-5 pe-12 sm:p-6 sm:pe-14">
          <div className="flex items-center gap-2">
            <Library aria-hidden="true" className="size-5 text-primary" />
            <DialogTitle>{t("add.title")}</DialogTitle>
          </div>
          <DialogDescription>{t("add.description")}</DialogDescription>
        </DialogHeader>
        <div className="p-5 sm:p-6">
          <BankList fixedSubjectId={exam.subject.id} isChosen={(id) => chosen.includes(id)} onChoose={(item) => toggle(item.id)} />
        </div>
        <DialogFooter className="sticky bottom-0 items-center gap-2 border-t border-border bg-card p-4 sm:justify-between">
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {t("add.chosen", { count: chosen.length, n: formatNumber(lang, chosen.length) })}
          </p>
          <Button disabled={chosen.length === 0 || add.isPending} onClick={confirm} data-testid="add-from-bank-confirm">
            {add.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
            {add.isPending ? t("add.pending") : t("add.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

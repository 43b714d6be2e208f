// /dashboard/bank (issue 34; teachers, school_admins, super_admins): the item bank's search and filters, a preview
// of each item with its versions, its uses and the edit / copy / retire / restore actions, and new items.
import { FileDown, FileUp, Library, LoaderCircle, Plus } from "lucide-react";
import { useState } from "react";
import { can, type TDashboardSection } from "@shared/permissions";
import { useSession } from "@web/lib/session";
import { SECTION_HEADING_ID, SectionHeader } from "@web/features/admin/components/section-header";
import { Button } from "@web/components/ui/button";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { QtiImportDialog } from "@web/features/exams/components/qti-import-dialog";
import { formatNumber } from "@web/lib/format";
import { useExportBankQti } from "./api";
import { BankList } from "./bank-list";
import { ItemEditor } from "./item-editor";
import { ItemPreview } from "./item-preview";
import { bankFailure, bankSuccess, useBankT } from "./use-bank-t";

export default function BankPage(_props: { section: TDashboardSection }) {
  const { t, lang } = useBankT();
  useDocumentTitle(t("title"));
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const { user } = useSession();
  // Importing makes items as an author does (the server's rule): a school_admin browses the bank but does not import.
  const mayImport = !!user && can(user, "exams.author");
  const exporting = useExportBankQti();
  const exportItems = (ids: string[]) => exporting.mutate(ids, { onSuccess: () => bankSuccess("toast.exported"), onError: (error) => bankFailure(error, "toast.exportFailed") });
  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="bank-page">
      <SectionHeader
        icon={Library}
        title={t("title")}
        description={t("description")}
        actions={
          <div className="flex flex-wrap gap-2">
            {mayImport && (
              <Button variant="outline" onClick={() => setImporting(true)} data-testid="bank-import-qti">
                <FileUp aria-hidden="true" />
                {t("actions.import")}
              </Button>
            )}
            <Button onClick={() => setCreating(true)} data-testid="bank-new">
              <Plus aria-hidden="true" />
              {t("actions.new")}
            </Button>
          </div>
        }
      />
      <BankList
        onPreview={(item) => setPreviewId(item.id)}
        pageActions={(items) => (
          <Button variant="outline" size="sm" disabled={exporting.isPending} onClick={() => exportItems(items.map((i) => i.id))} data-testid="bank-export-page">
            {exporting.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <FileDown aria-hidden="true" />}
            {t("actions.exportPage")}
          </Button>
        )}
      />
      <ItemPreview itemId={previewId} onOpenChange={(open) => !open && setPreviewId(null)} onExport={(id) => exportItems([id])} />
      <QtiImportDialog open={importing} onOpenChange={setImporting} bank={{ onImported: (count) => bankSuccess("toast.imported", { n: formatNumber(lang, count) }) }} />
      <ItemEditor
        open={creating}
        item={null}
        onOpenChange={setCreating}
        onSaved={(item) => {
          // The new item opens in the preview, where it can be checked in both languages.
          setCreating(false);
          setPreviewId(item.id);
        }}
      />
    </section>
  );
}

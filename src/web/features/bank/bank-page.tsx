// /dashboard/bank (issue 34; teachers, school_admins, super_admins): the item bank's search and filters, a preview
// of each item with its versions, its uses and the edit / copy / retire / restore actions, and new items.
import { Library, Plus } from "lucide-react";
import { useState } from "react";
import type { TDashboardSection } from "@shared/permissions";
import { SECTION_HEADING_ID, SectionHeader } from "@web/features/admin/components/section-header";
import { Button } from "@web/components/ui/button";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { BankList } from "./bank-list";
import { ItemEditor } from "./item-editor";
import { ItemPreview } from "./item-preview";
import { useBankT } from "./use-bank-t";

export default function BankPage(_props: { section: TDashboardSection }) {
  const { t } = useBankT();
  useDocumentTitle(t("title"));
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="bank-page">
      <SectionHeader
        icon={Library}
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={() => setCreating(true)} data-testid="bank-new">
            <Plus aria-hidden="true" />
            {t("actions.new")}
          </Button>
        }
      />
      <BankList onPreview={(item) => setPreviewId(item.id)} />
      <ItemPreview itemId={previewId} onOpenChange={(open) => !open && setPreviewId(null)} />
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

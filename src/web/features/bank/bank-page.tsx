// /dashboard/bank (issue 34; teachers, school_admins, super_admins): the item bank's search and filters, and a
// preview of each item with its versions, its uses and the copy / retire / restore actions.
import { Library } from "lucide-react";
import { useState } from "react";
import type { TDashboardSection } from "@shared/permissions";
import { SECTION_HEADING_ID, SectionHeader } from "@web/features/admin/components/section-header";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { BankList } from "./bank-list";
import { ItemPreview } from "./item-preview";
import { useBankT } from "./use-bank-t";

export default function BankPage(_props: { section: TDashboardSection }) {
  const { t } = useBankT();
  useDocumentTitle(t("title"));
  const [previewId, setPreviewId] = useState<string | null>(null);
  return (
    <section aria-labelledby={SECTION_HEADING_ID} className="flex flex-col gap-6" data-testid="bank-page">
      <SectionHeader icon={Library} title={t("title")} description={t("description")} />
      <BankList onPreview={(item) => setPreviewId(item.id)} />
      <ItemPreview itemId={previewId} onOpenChange={(open) => !open && setPreviewId(null)} />
    </section>
  );
}

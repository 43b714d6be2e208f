// An address an administrator gives another system (an identity provider, an LMS), shown whole left-to-right in both
// languages, with a button that copies it and says so.
import { Copy } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { toast } from "@web/components/ui/use-toast";
import { useAdminT } from "../lib/use-admin";

export function CopyableAddress({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useAdminT();
  const copy = () =>
    void navigator.clipboard?.writeText(value).then(
      () => toast({ variant: "success", title: { ar: t("common.copied", { lng: "ar" }), en: t("common.copied", { lng: "en" }) } }),
      () => undefined,
    );
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex min-w-0 items-center gap-2">
        <code dir="ltr" className="min-w-0 flex-1 truncate rounded-lg border border-border bg-muted/40 px-2.5 py-1.5 font-mono text-[0.8125rem]" data-testid={testId}>
          {value}
        </code>
        <Button size="sm" variant="outline" onClick={copy} aria-label={t("common.copy", { what: label })}>
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

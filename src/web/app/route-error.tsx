import { RefreshCw, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router";
import { Button } from "@web/components/ui/button";

/**
 * Shown when a page throws or its code fails to load (typically after a new release replaced the chunks).
 * Reloading fetches the current version.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  const content = (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold">{t("errorPage.title")}</h1>
      <p className="text-muted-foreground">{t("errorPage.body")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          {t("common.reload")}
        </Button>
        <Button variant="outline" asChild>
          <Link to="/" reloadDocument>
            {t("common.backToHome")}
          </Link>
        </Button>
      </div>
    </div>
  );
  return standalone ? <main className="min-h-dvh">{content}</main> : content;
}

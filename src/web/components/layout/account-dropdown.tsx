// The signed-in user's menu in the header (a Radix menu: a label, two links and an action). Loaded only when
// somebody is signed in (account-menu.tsx), so visitors of the public pages never download the menu's code.
import { ChevronDown, LayoutDashboard, LogOut, UserRound, UserRoundCog } from "lucide-react";
import { Direction } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Button } from "@web/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { currentLanguage, directionOf } from "@web/lib/i18n";
import { ACCOUNT_PATH } from "@web/app/nav-links";
import { SiteLink } from "@web/lib/site-nav";

export default function AccountDropdown({ username, name, onSignOut }: { username: string; name: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  // The person's name, as the dashboard greets them (issue 33): "principal.dubai" is a sign-in name, not a person.
  const shown = name.trim() || username;
  return (
    // The public pages have no app-wide direction provider; the menu must still open towards the inline end.
    <Direction.Provider dir={directionOf(currentLanguage())}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" aria-label={t("header.accountMenu", { name: shown })} data-testid="account-menu">
            <UserRound aria-hidden="true" />
            <span className="max-w-36 truncate" dir="auto">
              {shown}
            </span>
            <ChevronDown aria-hidden="true" className="opacity-70" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span>{t("header.signedInAs")}</span>
            {/* A <bdi> in a block of the page's direction: the name keeps its own direction, the line the menu's. */}
            <span className="truncate text-sm font-semibold text-popover-foreground">
              <bdi>{shown}</bdi>
            </span>
            {/* The sign-in name under the person's name: which account this is, when one person has two. */}
            {shown !== username && (
              <span className="truncate text-xs font-normal text-muted-foreground" dir="ltr" data-testid="account-menu-username">
                {username}
              </span>
            )}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <SiteLink to="/dashboard">
              <LayoutDashboard aria-hidden="true" />
              {t("header.dashboard")}
            </SiteLink>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <SiteLink to={ACCOUNT_PATH} data-testid="account-menu-account">
              <UserRoundCog aria-hidden="true" />
              {t("header.account")}
            </SiteLink>
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
            {t("header.logout")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </Direction.Provider>
  );
}

import { ChevronDown, LayoutDashboard, LogIn, LogOut, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NAV_LINKS } from "@web/app/nav-links";
import { Button } from "@web/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { currentLanguage } from "@web/lib/i18n";
import { useSession, useSignOut } from "@web/lib/session";
import { navDescription, navLabel } from "./nav-label";

export const LOGIN_LINK = NAV_LINKS.find((link) => link.id === "login");

/** The header's end: the login dropdown for visitors, the account menu for a signed-in user. */
export function AccountArea() {
  const { user, isProbablySignedIn } = useSession();
  if (user) return <AccountMenu username={user.username} name={user.name} />;
  if (isProbablySignedIn) return <span aria-hidden="true" className="block h-10 w-32 animate-pulse rounded-lg bg-muted" />;
  return <LoginMenu />;
}

function LoginMenu() {
  const lang = currentLanguage();
  if (!LOGIN_LINK) return null;
  const Icon = LOGIN_LINK.icon;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button data-testid="login-menu">
          <Icon aria-hidden="true" className="rtl:-scale-x-100" />
          {navLabel(LOGIN_LINK, lang)}
          <ChevronDown aria-hidden="true" className="opacity-80" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {(LOGIN_LINK.children ?? []).map((child) => {
          const ChildIcon = child.icon;
          const description = navDescription(child, lang);
          return (
            <DropdownMenuItem key={child.id} asChild>
              <Link to={child.path}>
                <span className="grid size-8 place-items-center rounded-lg bg-accent text-accent-foreground">
                  <ChildIcon aria-hidden="true" />
                </span>
                <span className="flex flex-col">
                  <span className="font-medium">{navLabel(child, lang)}</span>
                  {description && <span className="text-xs text-muted-foreground">{description}</span>}
                </span>
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function AccountMenu({ username, name }: { username: string; name: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label={t("header.accountMenu", { name: username })} data-testid="account-menu">
          <UserRound aria-hidden="true" />
          <span className="max-w-36 truncate" dir="auto">
            {username}
          </span>
          <ChevronDown aria-hidden="true" className="opacity-70" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span>{t("header.signedInAs")}</span>
          <span className="truncate text-sm font-semibold text-popover-foreground" dir="auto">
            {name || username}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t("header.dashboard")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => void signOut("/")}>
          <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
          {t("header.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The same choices as flat links, for the mobile menu. */
export function AccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user } = useSession();
  const signOut = useSignOut();
  const itemClass =
    "flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring";
  if (user) {
    return (
      <ul className="flex flex-col gap-1">
        <li className="px-3 pb-1 text-sm text-muted-foreground">
          {t("header.signedInAs")}{" "}
          <span className="font-semibold text-foreground" dir="auto">
            {user.username}
          </span>
        </li>
        <li>
          <Link to="/dashboard" className={itemClass} onClick={onNavigate}>
            <LayoutDashboard aria-hidden="true" className="size-5 text-primary" />
            {t("header.dashboard")}
          </Link>
        </li>
        <li>
          <button type="button" className={`${itemClass} w-full text-destructive-text`} onClick={() => void signOut("/")}>
            <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {t("header.logout")}
          </button>
        </li>
      </ul>
    );
  }
  if (!LOGIN_LINK) return null;
  return (
    <div>
      <p className="flex items-center gap-2 px-3 pb-1 text-sm font-semibold text-muted-foreground">
        <LogIn aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {navLabel(LOGIN_LINK, lang)}
      </p>
      <ul className="flex flex-col gap-1">
        {(LOGIN_LINK.children ?? []).map((child) => {
          const Icon = child.icon;
          return (
            <li key={child.id}>
              <Link to={child.path} className={itemClass} onClick={onNavigate}>
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {navLabel(child, lang)}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

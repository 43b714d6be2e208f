import { LayoutDashboard, LogIn, LogOut, UserRoundCog } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_PATH, NAV_LINKS } from "@web/app/nav-links";
import { currentLanguage } from "@web/lib/i18n";
import { SiteLink, useSiteNav } from "@web/lib/site-nav";
import { DisclosureLinks } from "./disclosure-links";
import { disclosureLinksOf, navLabel } from "./nav-label";

export const LOGIN_LINK = NAV_LINKS.find((link) => link.id === "login");

const AccountDropdown = lazy(() => import("./account-dropdown"));

const placeholder = <span aria-hidden="true" className="block h-10 w-32 animate-pulse rounded-lg bg-muted" />;

/** The header's end: the three logins for visitors, the account menu for a signed-in user. */
export function AccountArea() {
  const { user, isProbablySignedIn, signOut } = useSiteNav().session;
  if (user) {
    return (
      <Suspense fallback={placeholder}>
        <AccountDropdown username={user.username} name={user.name} onSignOut={signOut} />
      </Suspense>
    );
  }
  if (isProbablySignedIn) return placeholder;
  return <LoginMenu />;
}

function LoginMenu() {
  const lang = currentLanguage();
  if (!LOGIN_LINK) return null;
  const Icon = LOGIN_LINK.icon;
  return (
    <DisclosureLinks
      label={
        <>
          <Icon aria-hidden="true" className="rtl:-scale-x-100" />
          {navLabel(LOGIN_LINK, lang)}
        </>
      }
      links={disclosureLinksOf(LOGIN_LINK.children ?? [], lang, true)}
      align="end"
      triggerVariant="default"
      triggerSize="default"
      testId="login-menu"
    />
  );
}

/** The same choices as flat links, for the mobile menu. */
export function AccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user, signOut } = useSiteNav().session;
  const itemClass =
    "flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring";
  if (user) {
    return (
      <ul className="flex flex-col gap-1">
        <li className="px-3 pb-1 text-sm text-muted-foreground">
          {t("header.signedInAs")}{" "}
          <span className="font-semibold text-foreground" dir="auto">
            {user.name.trim() || user.username}
          </span>
        </li>
        <li>
          <SiteLink to="/dashboard" className={itemClass} onClick={onNavigate}>
            <LayoutDashboard aria-hidden="true" className="size-5 text-primary" />
            {t("header.dashboard")}
          </SiteLink>
        </li>
        <li>
          <SiteLink to={ACCOUNT_PATH} className={itemClass} onClick={onNavigate}>
            <UserRoundCog aria-hidden="true" className="size-5 text-primary" />
            {t("header.account")}
          </SiteLink>
        </li>
        <li>
          <button type="button" className={`${itemClass} w-full text-destructive-text`} onClick={signOut}>
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
              <SiteLink to={child.path} className={itemClass} onClick={onNavigate}>
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {navLabel(child, lang)}
              </SiteLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// How the site's shared frame (header, footer, the public pages) links, knows where it is and who is signed in,
// without depending on a router or a query cache. Two providers fill it in:
// - the signed-in app (app/root-layout.tsx): React Router's location and navigate, TanStack Query's session;
// - the public pages (public-main.tsx), prerendered and hydrated with neither: the page's own path, links that
//   load the next page, and the session read once with fetch (lib/session-core.ts).
// That is what keeps the landing page's download small (see bench/web.mjs and docs/decisions/0008).
import { createContext, useContext, type ComponentProps, type MouseEvent } from "react";
import type { TSessionUser } from "@shared/permissions";

export type TSiteSession = {
  user: TSessionUser | null;
  /** The session is being read and this browser was signed in last time: show a placeholder, not "Login". */
  isProbablySignedIn: boolean;
  signOut: () => void;
};

export type TSiteNav = {
  pathname: string;
  /** Client-side navigation; without it a link loads its page (the public pages are separate HTML files). */
  navigate?: (to: string) => void;
  session: TSiteSession;
};

const SiteNavContext = createContext<TSiteNav>({
  pathname: "/",
  session: { user: null, isProbablySignedIn: false, signOut: () => {} },
});

export const SiteNavProvider = SiteNavContext.Provider;

export function useSiteNav(): TSiteNav {
  return useContext(SiteNavContext);
}

/** Is `pathname` the page of `to` (or, unless `end`, below it)? "/" only ever matches itself. */
export function isCurrentPath(to: string, pathname: string, end = false): boolean {
  if (to === "/" || end) return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}

type TSiteLinkProps = Omit<ComponentProps<"a">, "href"> & {
  to: string;
  /** Mark the link aria-current="page" when it is the current page (like React Router's NavLink). */
  markCurrent?: boolean;
  /** With markCurrent: the path must match exactly, not a page below it. */
  end?: boolean;
};

/** A link to a page of this site: a real <a href>, navigated in place when the app has a router. */
export function SiteLink({ to, markCurrent = false, end = false, onClick, ...props }: TSiteLinkProps) {
  const { navigate, pathname } = useSiteNav();
  const current = markCurrent && isCurrentPath(to, pathname, end);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!navigate || event.defaultPrevented || !plainClick || (props.target && props.target !== "_self")) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} aria-current={current ? "page" : undefined} onClick={handleClick} {...props} />;
}

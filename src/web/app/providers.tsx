import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Direction } from "radix-ui";
import type { ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { Toaster } from "@web/components/ui/toaster";
import { isApiError } from "@web/lib/api";
import i18n, { currentLanguage, directionOf } from "@web/lib/i18n";
import { SESSION_QUERY_KEY, setSessionUser } from "@web/lib/session";

/**
 * One QueryClient per app. Any call answered 401 UNAUTHENTICATED means the session ended (expired, or signed
 * out in another tab): forget the user so the guards send them to a login page.
 */
export function createQueryClient(): QueryClient {
  const onUnauthenticated = (error: unknown, queryKey?: readonly unknown[]) => {
    if (!isApiError(error, "UNAUTHENTICATED")) return;
    if (queryKey && queryKey[0] === SESSION_QUERY_KEY[0] && queryKey[1] === SESSION_QUERY_KEY[1]) return;
    setSessionUser(queryClient, null);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Retry only what may succeed a moment later: network failures and 5xx.
        retry: (failureCount, error) => failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

function DirectionFromLanguage({ children }: { children: ReactNode }) {
  useTranslation(); // re-render on language change
  return <Direction.Provider dir={directionOf(currentLanguage())}>{children}</Direction.Provider>;
}

/** Everything around the router: data, language, reading direction for Radix, toasts. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <DirectionFromLanguage>
          {children}
          <Toaster />
        </DirectionFromLanguage>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

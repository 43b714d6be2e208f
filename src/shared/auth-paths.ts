// Addresses of sign-in through a school's identity provider (issue 38) that the browser's first pages need: kept
// apart from the schemas so the home page's bundle does not carry zod for two strings.
/** Where the provider sends the browser back after sign-in (registered at the provider). */
export const OIDC_CALLBACK_PATH = "/api/auth/oidc/callback";
/** Where signing out lands when the provider's own logout is offered (registered as the post-logout address). */
export const SIGNED_OUT_PATH = "/signed-out";

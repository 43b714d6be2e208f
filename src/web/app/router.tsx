import { createBrowserRouter } from "react-router";
import { createAppRoutes } from "./routes";

/** The app's browser router. */
export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}

export type TAppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the first matched routes (and their lazy code) are ready, so the first render shows the page, not a blank. */
export function waitForRouter(router: TAppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

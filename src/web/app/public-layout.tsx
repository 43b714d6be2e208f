import { Outlet } from "react-router";
import { PublicFrame } from "@web/components/layout/public-frame";

/** The public frame around the app's public routes (the sign-in pages, and public pages reached in the app). */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

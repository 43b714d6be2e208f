import type { ComponentProps } from "react";
import { cn } from "@web/lib/utils";

export const fieldClasses =
  "w-full min-w-0 rounded-lg border border-input-border bg-card px-3 text-base text-foreground shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/30 md:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(fieldClasses, "h-11", className)} {...props} />;
}

import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/utils";

const badgeVariants = cva("inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", {
  variants: {
    variant: {
      default: "bg-accent text-accent-foreground",
      muted: "bg-muted text-muted-foreground",
      success: "border border-success-border bg-success text-success-foreground",
      destructive: "border border-destructive/40 bg-destructive/10 text-destructive-text",
      gold: "border border-gold/40 bg-gold/10 text-gold",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

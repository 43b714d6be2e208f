import { cva, type VariantProps } from "class-variance-authority";
import { XIcon } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@web/lib/utils";

export const ToastProvider = ToastPrimitive.Provider;

/** Where toasts appear: a corner of the screen, never on paper (a fixed element would print on every page). */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "fixed end-0 bottom-[var(--toast-bottom,0px)] z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px] print:hidden",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "qias-toast group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pe-10 shadow-lg",
  {
    variants: {
      variant: {
        default: "border-border bg-popover text-popover-foreground",
        success: "border-success-border bg-success text-success-foreground",
        destructive: "border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("mt-1 text-sm opacity-95", className)} {...props} />;
}

export function ToastClose({ className, label, ...props }: ComponentProps<typeof ToastPrimitive.Close> & { label: string }) {
  return (
    <ToastPrimitive.Close
      aria-label={label}
      className={cn(
        "absolute end-2 top-2 rounded-md p-1.5 opacity-80 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-current",
        className,
      )}
      {...props}
    >
      <XIcon aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}

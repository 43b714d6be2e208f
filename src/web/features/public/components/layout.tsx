// Building blocks shared by the public pages: the page width, the page header, section headings.
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@web/lib/utils";

export function Container({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8", className)} {...props} />;
}

/** The band at the top of every inner page: a small label, the page's one <h1>, and a lead paragraph. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className="qias-grid-bg border-b border-border/60">
      <Container className="py-12 sm:py-16">
        <p className="text-sm font-semibold text-primary">{eyebrow}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-bold leading-tight tracking-tight text-balance sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-base text-muted-foreground sm:text-lg">{children}</div>}
      </Container>
    </header>
  );
}

export function Section({ className, children, ...props }: ComponentProps<"section">) {
  return (
    <section className={cn("py-12 sm:py-16", className)} {...props}>
      <Container>{children}</Container>
    </section>
  );
}

export function SectionHeading({
  id,
  title,
  subtitle,
  className,
  center = false,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  className?: string;
  center?: boolean;
}) {
  return (
    <div className={cn("mb-8 max-w-2xl", center && "mx-auto text-center", className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="mt-2 text-muted-foreground">{subtitle}</p>}
    </div>
  );
}

/** A rounded square holding a card's icon. */
export function IconBadge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground [&_svg]:size-5",
        className,
      )}
    >
      {children}
    </span>
  );
}

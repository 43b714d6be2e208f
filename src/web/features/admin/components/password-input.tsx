import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/utils";
import { useAdminT } from "../lib/use-admin";

/** A password field with a show/hide toggle (a pressed/unpressed button named "Show password"). */
export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<"input">, "type">) {
  const { t } = useAdminT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input id={id} type={visible ? "text" : "password"} className={cn("pe-12", className)} {...props} />
      <button
        type="button"
        aria-pressed={visible}
        aria-controls={id}
        aria-label={t("common.showPassword")}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 end-0 my-auto me-1 grid size-9 place-items-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-4.5" /> : <Eye aria-hidden="true" className="size-4.5" />}
      </button>
    </div>
  );
}

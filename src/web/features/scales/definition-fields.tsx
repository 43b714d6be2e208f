// The scale's definition fields (names, mean, SD, decimals, bounds), shared by the create dialog and the
// definition tab. Both languages' names side by side, each in its own direction.
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { MAX_SCALE_NAME_LENGTH } from "@shared/schemas/scale";
import { Input } from "@web/components/ui/input";
import { FormField, fieldA11y } from "@web/features/admin/components/form-field";
import type { TDefinitionValues } from "./scale-fields";
import { useScalesT } from "./use-scales-t";

export function DefinitionFields({ register, errors }: { register: UseFormRegister<TDefinitionValues>; errors: FieldErrors<TDefinitionValues> }) {
  const { t } = useScalesT();
  const number = (name: "mean" | "sd" | "decimals" | "lowest" | "highest", hint?: string) => {
    const id = `scale-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={t(`form.${name}`)} required={!hint} hint={hint} error={error}>
        <Input id={id} inputMode="decimal" dir="ltr" className="text-start tabular-nums" autoComplete="off" {...fieldA11y(id, { error, hint: !!hint })} {...register(name)} data-testid={id} />
      </FormField>
    );
  };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="scale-name-ar" label={t("form.nameAr")} required error={errors.nameAr?.message}>
          <Input id="scale-name-ar" dir="rtl" lang="ar" autoComplete="off" aria-required maxLength={MAX_SCALE_NAME_LENGTH + 50} {...fieldA11y("scale-name-ar", { error: errors.nameAr?.message })} {...register("nameAr")} data-testid="scale-name-ar" />
        </FormField>
        <FormField id="scale-name-en" label={t("form.nameEn")} required error={errors.nameEn?.message}>
          <Input id="scale-name-en" dir="ltr" lang="en" autoComplete="off" aria-required maxLength={MAX_SCALE_NAME_LENGTH + 50} {...fieldA11y("scale-name-en", { error: errors.nameEn?.message })} {...register("nameEn")} data-testid="scale-name-en" />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {number("mean")}
        {number("sd")}
        {number("decimals")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {number("lowest", t("form.boundHint"))}
        {number("highest", t("form.boundHint"))}
      </div>
    </>
  );
}

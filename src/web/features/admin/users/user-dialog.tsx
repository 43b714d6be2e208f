// The user dialog of SPEC §5 (about 525 px). Create: email, password (min 6), role (admins page only),
// username (required for students; otherwise from the email), name (otherwise the username), school (from the
// list; fixed for a school_admin; none for a super_admin). Edit: email and role read-only, an empty password
// keeps the current one.
import { LoaderCircle } from "lucide-react";
import { Controller, useForm, type FieldErrors } from "react-hook-form";
import type { TRole, TSessionUser } from "@shared/permissions";
import type { TSchool } from "@shared/schemas/school";
import { GENDERS, LANGUAGE_BACKGROUNDS, USER_GROUPS, ZUserCreate, ZUserUpdate, type TGender, type TLanguageBackground, type TUser, type TUserGroup } from "@shared/schemas/user";
import { Button } from "@web/components/ui/button";
import { GradeItems } from "@web/components/grade-items";
import { DEFAULT_LANGUAGE, EXTRA_TIME_PERCENTS, LANGUAGE_NAMES, LANGUAGES, TEXT_SCALES, type TLanguage } from "@shared/limits";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@web/components/ui/select";
import { toast, toastError } from "@web/components/ui/use-toast";
import { useCreateUser, useStaffPasswordRule, useUpdateUser } from "../api";
import { FormField, fieldA11y } from "../components/form-field";
import { PasswordInput } from "../components/password-input";
import { applyServerErrors } from "../lib/form-errors";
import { codeResolver, firstErrorCode, issuesOf } from "../lib/resolver";
import { adminText, failureToast, useAdminT } from "../lib/use-admin";
import { pick } from "@web/lib/format";
import { useReturnFocus } from "../lib/use-return-focus";
import { LinkedIdentities } from "./linked-identities";

/** grade: "" for none, else "1"–"12" (a Radix select's values are strings). */
type TValues = {
  email: string;
  role: TRole;
  password: string;
  username: string;
  name: string;
  schoolId: string;
  grade: string;
  className: string;
  extraTimePercent: string;
  extraTimeMinutes: string;
  clipTranscripts: boolean;
  readAloud: boolean;
  highContrast: boolean;
  textScale: string;
  emailLang: TLanguage;
  /** "" for not given. */
  gender: TGender | "";
  languageBackground: TLanguageBackground | "";
};
const FIELDS = ["email", "role", "password", "username", "name", "schoolId", "grade", "className", "extraTimePercent", "extraTimeMinutes", "textScale", "emailLang", "gender", "languageBackground"] as const;
const NO_GRADE = "none";
const gradeOf = (v: TValues) => (v.grade ? Number(v.grade) : null);
/** A student's accommodations: extra time (issue 16; an empty minutes field is none, anything else must be a
 *  whole number) and clips' transcripts (issue 18). */
const accommodationsOf = (v: TValues) => ({
  extraTimePercent: Number(v.extraTimePercent || 0),
  extraTimeMinutes: v.extraTimeMinutes.trim() === "" ? 0 : /^\d+$/.test(v.extraTimeMinutes.trim()) ? Number(v.extraTimeMinutes.trim()) : Number.NaN,
  clipTranscripts: v.clipTranscripts,
  // Reading accommodations (issue 37): the take page's read-aloud, contrast and text size.
  readAloud: v.readAloud,
  highContrast: v.highContrast,
  textScale: Number(v.textScale),
  // A student's gender and language background (issue 35) go with them: student-only fields, null for none.
  gender: v.gender || null,
  languageBackground: v.languageBackground || null,
});
/** A Radix select cannot hold "": this stands for "not given". */
const NOT_GIVEN = "none";
/** One hint under both the gender and language background fields, read with each. */
const FAIRNESS_HINT = "user-fairness-hint";
const fairnessA11y = (id: string, error: string | undefined) => ({
  ...fieldA11y(id, { error }),
  "aria-describedby": [FAIRNESS_HINT, error ? `${id}-error` : null].filter(Boolean).join(" "),
});

const SERVER_FIELD_BY_CODE = {
  EMAIL_TAKEN: "email",
  USER_EMAIL_INVALID: "email",
  USERNAME_TAKEN: "username",
  USERNAME_INVALID: "username",
  USERNAME_REQUIRED_FOR_STUDENT: "username",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  STAFF_PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_COMMON: "password",
  STUDENT_PASSWORD_REQUIRED: "password",
  SCHOOL_REQUIRED: "schoolId",
  SCHOOL_NOT_FOUND: "schoolId",
  SCHOOL_OUT_OF_SCOPE: "schoolId",
  GRADE_INVALID: "grade",
  CLASS_NEEDS_GRADE: "grade",
  CLASS_NAME_INVALID: "className",
  EXTRA_TIME_INVALID: "extraTimeMinutes",
  TEXT_SCALE_INVALID: "textScale",
  EMAIL_LANGUAGE_INVALID: "emailLang",
  GENDER_INVALID: "gender",
  LANGUAGE_BACKGROUND_INVALID: "languageBackground",
} as const;

export function UserDialog({
  group,
  user,
  viewer,
  schools,
  onClose,
}: {
  group: TUserGroup;
  /** null: create. */
  user: TUser | null;
  viewer: TSessionUser;
  schools: readonly TSchool[];
  onClose: () => void;
}) {
  const { t, lang } = useAdminT();
  const returnFocus = useReturnFocus(true);
  const isEdit = user !== null;
  const roles = USER_GROUPS[group] as readonly TRole[];
  // A school_admin's users belong to their school: the selector is fixed to it and disabled (SPEC §6).
  const schoolFixed = viewer.role !== "super_admin";
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;

  const form = useForm<TValues>({
    defaultValues: {
      email: user?.email ?? "",
      role: user?.role ?? roles[0]!,
      password: "",
      username: user?.username ?? "",
      name: user?.name ?? "",
      schoolId: (schoolFixed ? viewer.schoolId : user?.schoolId) ?? "",
      grade: user?.grade ? String(user.grade) : "",
      className: user?.className ?? "",
      extraTimePercent: String(user?.extraTimePercent ?? 0),
      extraTimeMinutes: user?.extraTimeMinutes ? String(user.extraTimeMinutes) : "",
      clipTranscripts: user?.clipTranscripts ?? false,
      readAloud: user?.readAloud ?? false,
      highContrast: user?.highContrast ?? false,
      textScale: String(user?.textScale ?? 100),
      // Arabic for a new account, like the interface and the server when none is given (decision 0019).
      emailLang: user?.emailLang ?? DEFAULT_LANGUAGE,
      gender: user?.gender ?? "",
      languageBackground: user?.languageBackground ?? "",
    },
    resolver: codeResolver<TValues>((v) => {
      const needsSchool = v.role !== "super_admin" && !schoolFixed && !v.schoolId;
      if (!isEdit) {
        const issues = issuesOf(ZUserCreate.safeParse({ ...v, schoolId: v.role === "super_admin" ? null : v.schoolId, grade: gradeOf(v), ...(v.role === "student" ? accommodationsOf(v) : { extraTimePercent: 0, extraTimeMinutes: 0, clipTranscripts: false, readAloud: false, highContrast: false, textScale: 100, gender: null, languageBackground: null }) }));
        if (needsSchool) issues.push({ path: ["schoolId"], message: "SCHOOL_REQUIRED" });
        return issues;
      }
      const issues = issuesOf(
        ZUserUpdate.safeParse({
          username: v.username,
          name: v.name,
          password: v.password,
          emailLang: v.emailLang,
          ...(v.role !== "super_admin" && !schoolFixed ? { schoolId: v.schoolId } : {}),
          ...(v.role === "student" ? { grade: gradeOf(v), className: v.className, ...accommodationsOf(v) } : {}),
        }),
      );
      if (v.role === "student" && v.className.trim() && !v.grade) issues.push({ path: ["grade"], message: "CLASS_NEEDS_GRADE" });
      // An empty username on edit would silently keep the old one; for a student, say that it is required.
      if (v.role === "student" && !v.username.trim()) issues.push({ path: ["username"], message: "USERNAME_REQUIRED_FOR_STUDENT" });
      if (needsSchool) issues.push({ path: ["schoolId"], message: "SCHOOL_REQUIRED" });
      return issues;
    }),
  });
  const { errors } = form.formState;
  const role = form.watch("role");
  const hasSchool = role !== "super_admin";
  const isStudent = role === "student";
  // A staff account's password follows the super_admin's rule (decision 0031): the hint says it; the server checks it.
  const staffRule = useStaffPasswordRule(group !== "students").data;
  const ruleHint =
    !isStudent && staffRule
      ? t(staffRule.refuseCommon ? "users.dialog.passwordHintStaffCommon" : "users.dialog.passwordHintStaff", { min: staffRule.minLength })
      : t("users.dialog.passwordHint");
  const passwordHint = isEdit ? `${t("users.dialog.newPasswordHint")} ${ruleHint}` : ruleHint;
  const roleLabel = (r: TRole) => t(`dashboard.roles.${r}`, { ns: "translation" });

  const onServerError = (error: unknown, titleKey: string) => {
    failureToast(error, titleKey);
    applyServerErrors(form.setError, FIELDS, error, SERVER_FIELD_BY_CODE);
  };

  const onSubmit = (v: TValues) => {
    if (isEdit) {
      update.mutate(
        {
          id: user.id,
          username: v.username,
          name: v.name,
          password: v.password || undefined,
          emailLang: v.emailLang,
          ...(hasSchool && !schoolFixed ? { schoolId: v.schoolId } : {}),
          ...(isStudent ? { grade: gradeOf(v), className: v.className, ...accommodationsOf(v) } : {}),
        },
        {
          onSuccess: ({ passwordChanged }) => {
            toast({
              variant: "success",
              title: adminText("toast.userUpdated"),
              ...(passwordChanged ? { description: adminText("toast.passwordUpdated") } : {}),
            });
            onClose();
          },
          onError: (error) => onServerError(error, "toast.failedUpdateUser"),
        },
      );
    } else {
      create.mutate(
        {
          email: v.email,
          password: v.password,
          role: v.role,
          username: v.username || undefined,
          name: v.name || undefined,
          schoolId: hasSchool ? v.schoolId || null : null,
          emailLang: v.emailLang,
          ...(isStudent ? { grade: gradeOf(v), className: v.className, ...accommodationsOf(v) } : {}),
        },
        {
          onSuccess: () => {
            toast({ variant: "success", title: adminText("toast.userCreated") });
            onClose();
          },
          onError: (error) => onServerError(error, "toast.failedCreateUser"),
        },
      );
    }
  };

  const onInvalid = (invalid: FieldErrors<TValues>) => {
    const code = firstErrorCode(invalid, FIELDS);
    if (code) toastError(code);
  };

  const fixedSchool = schools.find((s) => s.id === viewer.schoolId);

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        className="max-w-[525px]"
        data-testid="user-dialog"
        onCloseAutoFocus={returnFocus}
        onOpenAutoFocus={(event) => {
          // On edit the email is read-only: start in the first field that can change.
          if (!isEdit) return;
          event.preventDefault();
          document.getElementById("user-password")?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t(`users.groups.${group}.${isEdit ? "editTitle" : "createTitle"}`)}</DialogTitle>
          <DialogDescription>{isEdit ? t("users.dialog.editDescription") : t("users.dialog.createDescription")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex flex-col gap-4">
          <FormField
            id="user-email"
            label={t("users.dialog.email")}
            required={!isEdit}
            hint={isEdit ? t("users.dialog.emailReadOnly") : undefined}
            error={errors.email?.message}
          >
            <Input
              id="user-email"
              type="email"
              dir="ltr"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="name@school.edu"
              readOnly={isEdit}
              aria-required={!isEdit || undefined}
              className="text-start read-only:bg-muted read-only:text-muted-foreground"
              {...fieldA11y("user-email", { error: errors.email?.message, hint: isEdit })}
              {...form.register("email")}
            />
          </FormField>

          {roles.length > 1 && (
            <FormField id="user-role" label={t("users.dialog.role")} required={!isEdit} error={errors.role?.message}>
              {isEdit ? (
                <Input id="user-role" readOnly value={roleLabel(role)} className="read-only:bg-muted read-only:text-muted-foreground" />
              ) : (
                <Controller
                  control={form.control}
                  name="role"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={(value) => field.onChange(value as TRole)}>
                      <SelectTrigger id="user-role" {...fieldA11y("user-role", { error: errors.role?.message })}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {roles.map((r) => (
                          <SelectItem key={r} value={r}>
                            {roleLabel(r)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
          )}

          <FormField
            id="user-password"
            label={isEdit ? t("users.dialog.newPassword") : t("users.dialog.password")}
            required={!isEdit}
            hint={passwordHint}
            error={errors.password?.message}
          >
            <PasswordInput
              id="user-password"
              autoComplete="new-password"
              aria-required={!isEdit || undefined}
              {...fieldA11y("user-password", { error: errors.password?.message, hint: true })}
              {...form.register("password")}
            />
          </FormField>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="user-username"
              label={t("users.dialog.username")}
              required={isStudent}
              hint={isStudent ? t("users.dialog.usernameStudentHint") : t("users.dialog.usernameHint")}
              error={errors.username?.message}
            >
              <Input
                id="user-username"
                autoComplete="off"
                spellCheck={false}
                aria-required={isStudent || undefined}
                {...fieldA11y("user-username", { error: errors.username?.message, hint: true })}
                {...form.register("username")}
              />
            </FormField>
            <FormField id="user-name" label={t("users.dialog.name")} hint={t("users.dialog.nameHint")} error={errors.name?.message}>
              <Input
                id="user-name"
                autoComplete="off"
                {...fieldA11y("user-name", { error: errors.name?.message, hint: true })}
                {...form.register("name")}
              />
            </FormField>
          </div>

          {hasSchool ? (
            <FormField
              id="user-school"
              label={t("users.dialog.school")}
              required
              hint={schoolFixed ? t("users.dialog.schoolFixed") : schools.length === 0 ? t("users.dialog.noSchools") : undefined}
              error={errors.schoolId?.message}
            >
              <Controller
                control={form.control}
                name="schoolId"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange} disabled={schoolFixed || schools.length === 0}>
                    <SelectTrigger
                      id="user-school"
                      aria-required
                      data-testid="user-school"
                      {...fieldA11y("user-school", { error: errors.schoolId?.message, hint: schoolFixed || schools.length === 0 })}
                    >
                      <SelectValue placeholder={t("users.dialog.schoolPlaceholder")}>
                        {schoolFixed ? (fixedSchool ? pick(lang, fixedSchool.nameAr, fixedSchool.nameEn) : viewer.schoolId) : undefined}
                      </SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {schools.map((s) => (
                        <SelectItem key={s.id} value={s.id}>
                          <bdi>{pick(lang, s.nameAr, s.nameEn)}</bdi>
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          ) : (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">{t("users.dialog.superAdminNoSchool")}</p>
          )}

          <FormField id="user-email-lang" label={t("users.dialog.emailLang")} hint={t("users.dialog.emailLangHint")} error={errors.emailLang?.message}>
            <Controller
              control={form.control}
              name="emailLang"
              render={({ field }) => (
                <Select value={field.value} onValueChange={(value) => field.onChange(value as TLanguage)}>
                  <SelectTrigger id="user-email-lang" data-testid="user-email-lang" {...fieldA11y("user-email-lang", { error: errors.emailLang?.message, hint: true })}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {LANGUAGES.map((lang) => (
                      <SelectItem key={lang} value={lang}>
                        <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>

          {isStudent && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="user-grade" label={t("users.dialog.grade")} hint={t("users.dialog.gradeHint")} error={errors.grade?.message}>
                <Controller
                  control={form.control}
                  name="grade"
                  render={({ field }) => (
                    <Select
                      value={field.value || NO_GRADE}
                      onValueChange={(value) => {
                        field.onChange(value === NO_GRADE ? "" : value);
                        // A class is within a grade: no grade, no class.
                        if (value === NO_GRADE) form.setValue("className", "");
                      }}
                    >
                      <SelectTrigger id="user-grade" data-testid="user-grade" {...fieldA11y("user-grade", { error: errors.grade?.message, hint: true })}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NO_GRADE}>{t("users.dialog.gradeNone")}</SelectItem>
                        <GradeItems />
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
              <FormField id="user-class" label={t("users.dialog.className")} hint={t("users.dialog.classNameHint")} error={errors.className?.message}>
                <Input
                  id="user-class"
                  autoComplete="off"
                  {...fieldA11y("user-class", { error: errors.className?.message, hint: true })}
                  {...form.register("className")}
                />
              </FormField>
              <FormField id="user-extra-percent" label={t("users.dialog.extraTimePercent")} error={errors.extraTimePercent?.message}>
                <Controller
                  control={form.control}
                  name="extraTimePercent"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="user-extra-percent" data-testid="user-extra-percent" {...fieldA11y("user-extra-percent", { error: errors.extraTimePercent?.message })}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {[...new Set([...EXTRA_TIME_PERCENTS, Number(field.value)])].map((p) => (
                          <SelectItem key={p} value={String(p)}>
                            {p === 0 ? t("users.dialog.extraTimeNone") : t("users.dialog.extraTimeShare", { percent: p })}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
              <FormField id="user-extra-minutes" label={t("users.dialog.extraTimeMinutes")} hint={t("users.dialog.extraTimeHint")} error={errors.extraTimeMinutes?.message}>
                <Input
                  id="user-extra-minutes"
                  inputMode="numeric"
                  autoComplete="off"
                  dir="ltr"
                  className="text-start"
                  data-testid="user-extra-minutes"
                  {...fieldA11y("user-extra-minutes", { error: errors.extraTimeMinutes?.message, hint: true })}
                  {...form.register("extraTimeMinutes")}
                />
              </FormField>
              <div className="flex flex-col gap-1 sm:col-span-2">
                <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                  <input type="checkbox" className="size-4 accent-primary" aria-describedby="user-transcripts-hint" data-testid="user-clip-transcripts" {...form.register("clipTranscripts")} />
                  {t("users.dialog.clipTranscripts")}
                </label>
                <p id="user-transcripts-hint" className="text-xs text-muted-foreground">
                  {t("users.dialog.clipTranscriptsHint")}
                </p>
              </div>
              <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby="user-reading-hint" data-testid="user-reading">
                <legend className="text-sm font-medium">{t("users.dialog.reading")}</legend>
                <p id="user-reading-hint" className="text-xs text-muted-foreground">
                  {t("users.dialog.readingHint")}
                </p>
                <label className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" data-testid="user-read-aloud" {...form.register("readAloud")} />
                  {t("users.dialog.readAloud")}
                </label>
                <label className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" data-testid="user-high-contrast" {...form.register("highContrast")} />
                  {t("users.dialog.highContrast")}
                </label>
                <FormField id="user-text-scale" label={t("users.dialog.textScale")} error={errors.textScale?.message}>
                  <Controller
                    control={form.control}
                    name="textScale"
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger id="user-text-scale" data-testid="user-text-scale" className="sm:max-w-48" {...fieldA11y("user-text-scale", { error: errors.textScale?.message })}>
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {TEXT_SCALES.map((p) => (
                            <SelectItem key={p} value={String(p)}>
                              {p === 100 ? t("users.dialog.textScaleNormal") : t("users.dialog.textScaleShare", { percent: p })}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </FormField>
              </fieldset>
              <FormField id="user-gender" label={t("users.dialog.gender")} error={errors.gender?.message}>
                <Controller
                  control={form.control}
                  name="gender"
                  render={({ field }) => (
                    <Select value={field.value || NOT_GIVEN} onValueChange={(value) => field.onChange(value === NOT_GIVEN ? "" : (value as TGender))}>
                      <SelectTrigger id="user-gender" data-testid="user-gender" {...fairnessA11y("user-gender", errors.gender?.message)}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NOT_GIVEN}>{t("users.dialog.genderNone")}</SelectItem>
                        {GENDERS.map((g) => (
                          <SelectItem key={g} value={g}>
                            {t(g === "female" ? "users.dialog.genderFemale" : "users.dialog.genderMale")}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
              <FormField id="user-language-background" label={t("users.dialog.languageBackground")} error={errors.languageBackground?.message}>
                <Controller
                  control={form.control}
                  name="languageBackground"
                  render={({ field }) => (
                    <Select value={field.value || NOT_GIVEN} onValueChange={(value) => field.onChange(value === NOT_GIVEN ? "" : (value as TLanguageBackground))}>
                      <SelectTrigger
                        id="user-language-background"
                        data-testid="user-language-background"
                        {...fairnessA11y("user-language-background", errors.languageBackground?.message)}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NOT_GIVEN}>{t("users.dialog.languageBackgroundNone")}</SelectItem>
                        {LANGUAGE_BACKGROUNDS.map((b) => (
                          <SelectItem key={b} value={b}>
                            {t(b === "arabic" ? "users.dialog.languageBackgroundArabic" : "users.dialog.languageBackgroundOther")}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
              <p id={FAIRNESS_HINT} className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
                {t("users.dialog.fairnessHint")}
              </p>
            </div>
          )}

          {isEdit && user && (viewer.role === "super_admin" || viewer.role === "school_admin") && <LinkedIdentities userId={user.id} userName={user.name} />}

          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                {t("common.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {pending ? t("common.saving") : isEdit ? t("common.save") : t("users.dialog.submitCreate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

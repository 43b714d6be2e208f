// The one place a failure is worded (SPEC §8). The server answers { code, title, message, requestId };
// the UI shows title + message in the current language. English is the spec's text, word for word.

export type TText = { en: string; ar: string };
type TEntry = { status: number; title: TText; message: TText };

const t = (en: string, ar: string): TText => ({ en, ar });

const LOGIN_FAILED = t("Login Failed", "فشل تسجيل الدخول");
const UNEXPECTED = t("Unexpected Error", "خطأ غير متوقع");
const INVALID_INPUT = t("Invalid Input", "بيانات غير صالحة");
const NOT_ALLOWED = t("Not Allowed", "غير مسموح");
const PASSWORD_ERROR = t("Password Error", "خطأ في كلمة المرور");

export const ERRORS = {
  // ---- generic
  INTERNAL: {
    status: 500,
    title: UNEXPECTED,
    message: t("An error occurred. Please try again.", "حدث خطأ. يرجى المحاولة مرة أخرى."),
  },
  VALIDATION_FAILED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Some fields are missing or invalid.", "بعض الحقول ناقصة أو غير صالحة."),
  },
  BAD_JSON: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The request body is not valid JSON.", "محتوى الطلب ليس بصيغة JSON صحيحة."),
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: INVALID_INPUT,
    message: t("This request must be sent as JSON.", "يجب إرسال هذا الطلب بصيغة JSON."),
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    title: INVALID_INPUT,
    message: t("The request is too large.", "حجم الطلب أكبر من المسموح."),
  },
  NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The requested resource was not found.", "المورد المطلوب غير موجود."),
  },
  UNAUTHENTICATED: {
    status: 401,
    title: t("Sign-in Required", "يلزم تسجيل الدخول"),
    message: t("Please sign in to continue.", "يرجى تسجيل الدخول للمتابعة."),
  },
  FORBIDDEN: {
    status: 403,
    title: NOT_ALLOWED,
    message: t("You do not have permission to do this.", "ليست لديك صلاحية للقيام بهذا الإجراء."),
  },
  CROSS_ORIGIN: {
    status: 403,
    title: NOT_ALLOWED,
    message: t("Requests from another site are not accepted.", "لا تُقبل الطلبات الواردة من موقع آخر."),
  },
  UNAVAILABLE: {
    status: 503,
    title: UNEXPECTED,
    message: t("The service is temporarily unavailable. Please try again shortly.", "الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد قليل."),
  },

  // ---- login (SPEC §5, §8)
  LOGIN_INVALID_EMAIL: {
    status: 400,
    title: t("Login Error", "خطأ في تسجيل الدخول"),
    message: t("Please enter a valid email address.", "يرجى إدخال بريد إلكتروني صحيح."),
  },
  PASSWORD_REQUIRED: {
    status: 400,
    title: t("Password Required", "كلمة المرور مطلوبة"),
    message: t("Please enter your password.", "يرجى إدخال كلمة المرور."),
  },
  INVALID_CREDENTIALS: {
    status: 401,
    title: LOGIN_FAILED,
    message: t("Invalid email or password.", "البريد الإلكتروني أو كلمة المرور غير صحيحة."),
  },
  PROFILE_NOT_FOUND: {
    status: 403,
    title: t("Profile Retrieval Failed", "تعذّر استرجاع الملف الشخصي"),
    message: t(
      "Your profile was not found. You may need to complete registration or contact support.",
      "لم يُعثر على ملفك الشخصي. قد تحتاج إلى إكمال التسجيل أو التواصل مع الدعم الفني.",
    ),
  },
  ROLE_MISMATCH: {
    status: 403,
    title: LOGIN_FAILED,
    message: t("User role does not match this login type.", "دور المستخدم لا يتوافق مع نوع تسجيل الدخول هذا."),
  },
  LOGIN_UNEXPECTED: {
    status: 500,
    title: LOGIN_FAILED,
    message: t("An unexpected error occurred while trying to log in.", "حدث خطأ غير متوقع أثناء محاولة تسجيل الدخول."),
  },
  LOGIN_THROTTLED: {
    status: 429,
    title: t("Too Many Attempts", "محاولات كثيرة"),
    message: t(
      "Too many failed sign-in attempts. Please wait a few minutes and try again.",
      "محاولات دخول فاشلة كثيرة. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا.",
    ),
  },

  // ---- password (SPEC §5, §8)
  EMAIL_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Please enter your email address.", "يرجى إدخال بريدك الإلكتروني."),
  },
  EMAIL_SEND_FAILED: {
    status: 502,
    title: t("Error Sending Email", "خطأ في إرسال البريد"),
    message: t(
      "We could not send the email right now. Please try again later.",
      "تعذّر إرسال البريد الإلكتروني حاليًا. يرجى المحاولة لاحقًا.",
    ),
  },
  PASSWORDS_DO_NOT_MATCH: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t("Passwords do not match.", "كلمتا المرور غير متطابقتين."),
  },
  PASSWORD_TOO_SHORT: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t("Password is too short (minimum 6 characters).", "كلمة المرور قصيرة جدًا (6 أحرف على الأقل)."),
  },
  PASSWORD_TOO_LONG: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t("Password is too long (maximum 128 characters).", "كلمة المرور طويلة جدًا (128 حرفًا على الأكثر)."),
  },
  RESET_LINK_INVALID: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t(
      "Failed to update password. The reset link may be invalid or expired. Please request a new link.",
      "تعذّر تحديث كلمة المرور. قد يكون رابط إعادة التعيين غير صالح أو منتهي الصلاحية. يرجى طلب رابط جديد.",
    ),
  },
} as const satisfies Record<string, TEntry>;

export type TErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

/** The body of every error response. */
export type TErrorBody = {
  code: TErrorCode | string;
  title: TText;
  message: TText;
  requestId: string;
  fields?: { path: string; code: string; message: TText }[];
};

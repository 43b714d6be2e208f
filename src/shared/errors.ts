// The one place a failure is worded (SPEC §8). The server answers { code, title, message, requestId };
// the UI shows title + message in the current language. English is the spec's text, word for word.
import type { z } from "zod";
import type { ZErrorBody } from "./schemas/error";

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
  RANGE_NOT_SATISFIABLE: {
    status: 416,
    title: INVALID_INPUT,
    message: t("The requested part of the file is outside the file.", "الجزء المطلوب من الملف خارج حدود الملف."),
  },
  PRECONDITION_FAILED: {
    status: 412,
    title: INVALID_INPUT,
    message: t("The file has changed since the version the request names. Load it again.", "تغيّر الملف منذ النسخة التي يذكرها الطلب. حمّله من جديد."),
  },
  BAD_URL: {
    status: 400,
    title: INVALID_INPUT,
    message: t("This address is not valid.", "هذا العنوان غير صالح."),
  },
  BAD_REQUEST: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The request could not be read.", "تعذّرت قراءة الطلب."),
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    title: INVALID_INPUT,
    message: t("The request's headers are too large. Clearing this site's cookies may help.", "ترويسات الطلب أكبر من المسموح. قد يفيد حذف ملفات تعريف الارتباط لهذا الموقع."),
  },
  REQUEST_TIMEOUT: {
    status: 408,
    title: UNEXPECTED,
    message: t("The request took too long to arrive. Please try again.", "استغرق وصول الطلب وقتًا طويلًا. يرجى المحاولة مرة أخرى."),
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
  SIGN_IN_BUSY: {
    status: 503,
    title: t("Many people are signing in", "كثيرون يسجّلون الدخول الآن"),
    message: t("Many people are signing in at this moment. Please try again in a few seconds.", "يسجّل كثيرون الدخول في هذه اللحظة. يرجى المحاولة مرة أخرى بعد ثوانٍ."),
  },
  FILE_WAITED_TOO_LONG: {
    status: 503,
    title: t("The server is busy", "الخادم مشغول"),
    message: t(
      "The server is busy with students' exams, so the file could not be read now. Please try again once the exams are over.",
      "الخادم مشغول باختبارات الطلاب، فتعذّرت قراءة الملف الآن. يرجى المحاولة مرة أخرى بعد انتهاء الاختبارات.",
    ),
  },
  LOGIN_THROTTLED: {
    status: 429,
    title: t("Too Many Attempts", "محاولات كثيرة"),
    message: t(
      "Too many failed sign-in attempts. Please wait a few minutes and try again.",
      "محاولات دخول فاشلة كثيرة. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا.",
    ),
  },

  // ---- two-step sign-in (issue 38; docs/decisions/0043)
  TWO_FACTOR_CODE_WRONG: {
    status: 401,
    title: t("Wrong code", "رمز غير صحيح"),
    message: t(
      "The code is not right or was already used. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.",
      "الرمز غير صحيح أو سبق استخدامه. أدخل الرمز الحالي المكوّن من 6 أرقام من تطبيق المصادقة، أو أحد رموز الاسترداد.",
    ),
  },
  TWO_FACTOR_THROTTLED: {
    status: 429,
    title: t("Too Many Attempts", "محاولات كثيرة"),
    message: t("Too many wrong codes. Please wait a few minutes and try again.", "رموز خاطئة كثيرة. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا."),
  },
  SIGN_IN_STEP_EXPIRED: {
    status: 401,
    title: t("Sign in again", "سجّل الدخول من جديد"),
    message: t(
      "This sign-in took too long or has ended. Enter your email and password again.",
      "استغرق تسجيل الدخول هذا وقتًا طويلًا أو انتهى. أدخل بريدك الإلكتروني وكلمة المرور من جديد.",
    ),
  },
  TWO_FACTOR_ALREADY_ON: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("Two-step sign-in is already on for this account. Turn it off first to set up a new app.", "التحقق بخطوتين مفعّل لهذا الحساب بالفعل. أوقفه أولًا لإعداد تطبيق جديد."),
  },
  TWO_FACTOR_NOT_STARTED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("Start the set-up again: no authenticator app is waiting to be confirmed.", "ابدأ الإعداد من جديد: لا يوجد تطبيق مصادقة بانتظار التأكيد."),
  },
  TWO_FACTOR_NOT_ON: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("Two-step sign-in is not on for this account.", "التحقق بخطوتين غير مفعّل لهذا الحساب."),
  },
  TWO_FACTOR_STAFF_ONLY: {
    status: 403,
    title: NOT_ALLOWED,
    message: t("Two-step sign-in is for staff accounts.", "التحقق بخطوتين مخصّص لحسابات الموظفين."),
  },
  TWO_FACTOR_SETUP_REQUIRED: {
    status: 403,
    title: t("Set up two-step sign-in", "أعدّ التحقق بخطوتين"),
    message: t(
      "Your account must use two-step sign-in. Set it up on your account page before continuing.",
      "يجب أن يستخدم حسابك التحقق بخطوتين. أعدّه من صفحة حسابك قبل المتابعة.",
    ),
  },

  // ---- sign-in through the school's identity provider (issue 38; docs/decisions/0050)
  PASSWORD_SIGN_IN_OFF: {
    status: 403,
    title: LOGIN_FAILED,
    message: t(
      "Your school signs in through its own account service. Use the sign-in button below the form.",
      "تسجّل مدرستك الدخول عبر خدمة حساباتها. استخدم زر تسجيل الدخول أسفل النموذج.",
    ),
  },
  IDP_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This sign-in provider was not found or is turned off.", "لم يُعثر على مزوّد تسجيل الدخول هذا أو أنه متوقف."),
  },
  IDP_SIGN_IN_FAILED: {
    status: 401,
    title: LOGIN_FAILED,
    message: t(
      "The sign-in through your school's account did not complete, or it took too long. Please try again.",
      "لم يكتمل تسجيل الدخول عبر حساب مدرستك، أو استغرق وقتًا طويلًا. يرجى المحاولة مرة أخرى.",
    ),
  },
  IDP_UNAVAILABLE: {
    status: 502,
    title: LOGIN_FAILED,
    message: t("Your school's account service could not be reached. Please try again later.", "تعذّر الوصول إلى خدمة حسابات مدرستك. يرجى المحاولة لاحقًا."),
  },
  IDP_EMAIL_NOT_VERIFIED: {
    status: 403,
    title: LOGIN_FAILED,
    message: t(
      "Your school's account did not confirm your email address, so it cannot be linked to an account here. Ask your school's administrator.",
      "لم يؤكّد حساب مدرستك بريدك الإلكتروني، فلا يمكن ربطه بحساب هنا. تواصل مع مسؤول مدرستك.",
    ),
  },
  IDP_NO_ACCOUNT: {
    status: 403,
    title: LOGIN_FAILED,
    message: t(
      "No account here matches your school's account. Ask your school's administrator to add you.",
      "لا يوجد حساب هنا يطابق حساب مدرستك. اطلب من مسؤول مدرستك إضافتك.",
    ),
  },
  IDP_NOT_ALLOWED: {
    status: 403,
    title: LOGIN_FAILED,
    message: t(
      "Your account cannot sign in through this provider. Use the sign-in your school gave you.",
      "لا يمكن لحسابك تسجيل الدخول عبر هذا المزوّد. استخدم طريقة الدخول التي زوّدتك بها مدرستك.",
    ),
  },
  IDP_URL_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Enter a full https:// address.", "أدخل عنوانًا كاملًا يبدأ بـ https://."),
  },
  IDP_ENDPOINTS_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "An OAuth 2.0 provider needs its authorization, token and userinfo addresses.",
      "يحتاج مزوّد OAuth 2.0 إلى عناوين التفويض والرمز ومعلومات المستخدم.",
    ),
  },
  IDP_ROLES_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Choose at least one role that may sign in with this provider.", "اختر دورًا واحدًا على الأقل يمكنه تسجيل الدخول عبر هذا المزوّد."),
  },
  IDP_SCHOOLS_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Choose at least one school, or every school.", "اختر مدرسة واحدة على الأقل، أو جميع المدارس."),
  },
  IDP_CREATE_SCHOOL_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Choose the school whose new students a first sign-in creates.", "اختر المدرسة التي يُنشأ فيها الطالب الجديد عند أول تسجيل دخول."),
  },
  IDP_DISCOVERY_FAILED: {
    status: 400,
    title: t("Provider not reached", "تعذّر الوصول إلى المزوّد"),
    message: t(
      "The provider's settings could not be read from this issuer address. Check the address and try again.",
      "تعذّرت قراءة إعدادات المزوّد من عنوان المُصدِر هذا. تحقّق من العنوان وحاول مجددًا.",
    ),
  },
  PASSWORD_SIGN_IN_NEEDS_PROVIDER: {
    status: 409,
    title: t("Password sign-in still needed", "لا يزال الدخول بكلمة المرور لازمًا"),
    message: t(
      "No turned-on sign-in provider serves this school, so its people would have no way to sign in. Add one for the school first.",
      "لا يخدم هذه المدرسة أيّ مزوّد تسجيل دخول مفعَّل، فلن يجد منسوبوها طريقة للدخول. أضف مزوّدًا للمدرسة أولًا.",
    ),
  },
  IDP_STILL_NEEDED: {
    status: 409,
    title: t("Provider still needed", "لا يزال المزوّد لازمًا"),
    message: t(
      "A school signs in only through this provider. Turn password sign-in back on for that school, or add another provider for it, first.",
      "مدرسةٌ تسجّل الدخول عبر هذا المزوّد وحده. أعِد تفعيل الدخول بكلمة المرور لتلك المدرسة، أو أضف لها مزوّدًا آخر، أولًا.",
    ),
  },
  IDENTITY_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This linked account was not found.", "لم يُعثر على هذا الحساب المرتبط."),
  },

  // ---- printed sitting codes (issue 38)
  SITTING_CODE_WRONG: {
    status: 401,
    title: t("Code not accepted", "الرمز غير مقبول"),
    message: t(
      "This code is not right, or it is not for a sitting that is open now. Check the ticket and try again.",
      "هذا الرمز غير صحيح، أو أنه ليس لجلسة مفتوحة الآن. تحقّق من البطاقة وحاول مجددًا.",
    ),
  },
  SITTING_TICKET_CHANGED: {
    status: 409,
    title: t("Ticket changed", "تغيّرت البطاقة"),
    message: t("Someone else has just reissued this ticket. Reload the tickets to see its new code.", "أعاد شخص آخر إصدار هذه البطاقة للتو. أعد تحميل البطاقات لترى رمزها الجديد."),
  },
  SITTING_CODE_THROTTLED: {
    status: 429,
    title: t("Too Many Attempts", "محاولات كثيرة"),
    message: t("Too many wrong codes. Please wait a few minutes and ask your teacher.", "رموز خاطئة كثيرة. يرجى الانتظار بضع دقائق ثم سؤال معلمك."),
  },

  // ---- LTI 1.3 platforms (issue 38; docs/decisions/0051)
  LTI_PLATFORM_EXISTS: {
    status: 409,
    title: t("Already registered", "مسجّلة من قبل"),
    message: t(
      "A platform with this issuer and client ID is already registered.",
      "توجد منصة مسجّلة بهذا المُصدِر ومعرّف العميل نفسيهما.",
    ),
  },
  LTI_PLATFORM_UNKNOWN: {
    status: 400,
    title: t("Unknown platform", "منصة غير معروفة"),
    message: t(
      "This learning platform is not registered with Qias. Ask your Qias administrator to register it.",
      "منصة التعلّم هذه غير مسجّلة في قياس. اطلب من مسؤول قياس تسجيلها.",
    ),
  },
  LTI_LAUNCH_INVALID: {
    status: 400,
    title: t("Launch refused", "رُفض الدخول"),
    message: t(
      "The learning platform's launch could not be verified. Open the activity again from your course.",
      "تعذّر التحقق من دخولك من منصة التعلّم. افتح النشاط مرة أخرى من مقررك.",
    ),
  },
  LTI_LAUNCH_EXPIRED: {
    status: 400,
    title: t("Launch expired", "انتهت صلاحية الدخول"),
    message: t("This launch has expired. Open the activity again from your course.", "انتهت صلاحية هذا الدخول. افتح النشاط مرة أخرى من مقررك."),
  },
  LTI_LAUNCH_REPLAYED: {
    status: 400,
    title: t("Launch already used", "استُخدم هذا الدخول من قبل"),
    message: t("This launch was already used. Open the activity again from your course.", "استُخدم هذا الدخول من قبل. افتح النشاط مرة أخرى من مقررك."),
  },
  LTI_DEPLOYMENT_UNKNOWN: {
    status: 400,
    title: t("Unknown deployment", "نشر غير معروف"),
    message: t(
      "This deployment of Qias in your learning platform is not registered. Ask your Qias administrator to add its deployment ID.",
      "نشر قياس هذا في منصة التعلّم غير مسجّل. اطلب من مسؤول قياس إضافة معرّف النشر.",
    ),
  },
  LTI_EXAM_UNAVAILABLE: {
    status: 400,
    title: t("Exam not available", "الاختبار غير متاح"),
    message: t(
      "This activity is not linked to a published exam of your school. Ask your teacher to link it again.",
      "هذا النشاط غير مرتبط باختبار منشور لمدرستك. اطلب من معلمك ربطه مرة أخرى.",
    ),
  },
  LTI_STAFF_UNKNOWN: {
    status: 403,
    title: t("No staff account", "لا يوجد حساب موظف"),
    message: t(
      "Teachers have no Qias account made for them by a platform. Ask your school administrator to add you to Qias with the same email.",
      "لا تُنشئ المنصات حسابات المعلمين في قياس. اطلب من مسؤول مدرستك إضافتك إلى قياس بالبريد الإلكتروني نفسه.",
    ),
  },
  LTI_ACCOUNT_MISMATCH: {
    status: 403,
    title: t("Account does not match", "الحساب غير مطابق"),
    message: t(
      "The Qias account with your email has another role or belongs to another school. Ask your school administrator.",
      "حساب قياس المرتبط ببريدك الإلكتروني له دور آخر أو يتبع مدرسة أخرى. راجع مسؤول مدرستك.",
    ),
  },
  LTI_PLATFORM_NOT_FOUND: {
    status: 404,
    title: t("Platform not found", "المنصة غير موجودة"),
    message: t("This learning platform is no longer registered.", "لم تعد منصة التعلّم هذه مسجّلة."),
  },
  LTI_NO_ROSTER: {
    status: 400,
    title: t("No roster", "لا توجد قائمة أعضاء"),
    message: t(
      "The learning platform has not offered this course's member list. Launch the activity once from the course, then try again.",
      "لم تُتِح منصة التعلّم قائمة أعضاء هذا المقرر. افتح النشاط مرة من المقرر ثم حاول مجددًا.",
    ),
  },
  LTI_PASSBACK_NOT_FOUND: {
    status: 404,
    title: t("Not found", "غير موجود"),
    message: t("This grade send was not found.", "لم يُعثر على إرسال الدرجة هذا."),
  },
  LTI_PASSBACK_NOT_FAILED: {
    status: 409,
    title: t("Not failed", "لم يفشل"),
    message: t("Only a failed grade send can be retried.", "لا تُعاد إلا عمليات إرسال الدرجات التي فشلت."),
  },
  LTI_PLATFORM_FAILED: {
    status: 502,
    title: t("Platform did not answer", "لم تستجب المنصة"),
    message: t("The learning platform did not answer as expected. Try again later.", "لم تستجب منصة التعلّم كما ينبغي. حاول لاحقًا."),
  },

  CONTACT_THROTTLED: {
    status: 429,
    title: t("Too Many Messages", "رسائل كثيرة"),
    message: t(
      "You have sent several messages in a short time. Please wait a few minutes and try again.",
      "أرسلت عدة رسائل خلال وقت قصير. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا.",
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
  // The staff rule a super_admin sets (issue 33, docs/decisions/0031); {min} is the rule's length.
  STAFF_PASSWORD_TOO_SHORT: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t(
      "Password is too short for a staff account (minimum {min} characters).",
      "كلمة المرور قصيرة جدًا لحساب موظف: يجب ألا يقل عدد أحرفها عن {min}.",
    ),
  },
  PASSWORD_TOO_COMMON: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t(
      "This password is one of the most common passwords and is easy to guess. Please choose another.",
      "كلمة المرور هذه من أكثر كلمات المرور شيوعًا ويسهل تخمينها. يرجى اختيار كلمة مرور أخرى.",
    ),
  },
  PASSWORD_RULE_LENGTH_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    // The bounds are MIN_PASSWORD_LENGTH and MAX_STAFF_PASSWORD_MIN_LENGTH (shared/limits.ts); password-rule.test.ts checks.
    message: t("The minimum length must be a whole number from 6 to 64.", "يجب أن يكون الحد الأدنى للطول عددًا صحيحًا من 6 إلى 64."),
  },
  CURRENT_PASSWORD_REQUIRED: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t("Please enter your current password.", "يرجى إدخال كلمة المرور الحالية."),
  },
  CURRENT_PASSWORD_WRONG: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t("Your current password is not correct, so the password was not changed.", "كلمة المرور الحالية غير صحيحة، فلم تُغيَّر كلمة المرور."),
  },
  CURRENT_PASSWORD_THROTTLED: {
    status: 429,
    title: t("Too Many Attempts", "محاولات كثيرة"),
    message: t(
      "This account's password has been tried too many times. Please wait a few minutes and try again.",
      "جُرّبت كلمة مرور هذا الحساب مرات كثيرة. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا.",
    ),
  },
  EMAIL_LANGUAGE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    // One text for the account page, the user dialog and a roster's email_language column, so it names the codes.
    message: t("The language of emails must be Arabic or English (ar or en).", "يجب أن تكون لغة الرسائل العربية أو الإنجليزية (ar أو en)."),
  },
  RESET_LINK_INVALID: {
    status: 400,
    title: PASSWORD_ERROR,
    message: t(
      "Failed to update password. The reset link may be invalid or expired. Please request a new link.",
      "تعذّر تحديث كلمة المرور. قد يكون رابط إعادة التعيين غير صالح أو منتهي الصلاحية. يرجى طلب رابط جديد.",
    ),
  },

  // ---- schools (SPEC §5, §8)
  SCHOOL_REQUIRED_FIELDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("School ID and Name are required.", "معرّف المدرسة واسمها مطلوبان."),
  },
  SCHOOL_ID_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "The school ID may use lowercase English letters, digits, '_' and '-' (2 to 64 characters), e.g. school_xyz.",
      "يتكوّن معرّف المدرسة من أحرف إنجليزية صغيرة وأرقام و«_» و«-» (من 2 إلى 64 حرفًا)، مثل school_xyz.",
    ),
  },
  SCHOOL_ID_TAKEN: {
    status: 409,
    title: t("Failed to create school", "تعذّر إنشاء المدرسة"),
    message: t("A school with this ID already exists.", "توجد مدرسة بهذا المعرّف بالفعل."),
  },
  SCHOOL_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The school was not found.", "لم يُعثر على المدرسة."),
  },
  SCHOOL_HAS_USERS: {
    status: 409,
    title: t("Cannot Delete", "لا يمكن الحذف"),
    message: t(
      "Cannot delete school as there are users associated with it. Please reassign or delete them first.",
      "لا يمكن حذف المدرسة لوجود مستخدمين مرتبطين بها. يرجى نقلهم إلى مدرسة أخرى أو حذفهم أولًا.",
    ),
  },
  SCHOOL_HAS_BANK_ITEMS: {
    status: 409,
    title: t("Cannot Delete", "لا يمكن الحذف"),
    message: t(
      "Cannot delete school as its item bank still holds questions that exams and results keep. Archive the school's exams instead.",
      "لا يمكن حذف المدرسة لأن بنك أسئلتها ما زال يضم أسئلة تحتفظ بها الاختبارات والنتائج. يمكنك أرشفة اختبارات المدرسة بدلًا من ذلك.",
    ),
  },

  // ---- users (SPEC §5, §8)
  USER_REQUIRED_FIELDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Please fill all required fields. Email, Password (for non-students), and Username (for students) are required.",
      "يرجى تعبئة جميع الحقول المطلوبة: البريد الإلكتروني، وكلمة المرور (لغير الطلبة)، واسم المستخدم (للطلبة).",
    ),
  },
  USERNAME_REQUIRED_FOR_STUDENT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Username is required for students.", "اسم المستخدم مطلوب للطلبة."),
  },
  STUDENT_PASSWORD_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Password is currently required to create a new student.", "كلمة المرور مطلوبة حاليًا لإنشاء حساب طالب جديد."),
  },
  USER_EMAIL_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Please enter a valid email address.", "يرجى إدخال بريد إلكتروني صحيح."),
  },
  USERNAME_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "The username may use letters, digits, '.', '_' and '-' (up to 64 characters), without spaces.",
      "يتكوّن اسم المستخدم من حروف وأرقام و«.» و«_» و«-» (حتى 64 حرفًا) دون مسافات.",
    ),
  },
  TEXT_INVALID_CHARACTERS: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Some text contains a character that cannot be saved (a null character, often left by copying from another program). Remove it and try again.",
      "يحتوي النص على محرف لا يمكن حفظه (محرف فارغ يظهر غالبًا عند النسخ من برنامج آخر). احذفه ثم حاول مجددًا.",
    ),
  },
  TEXT_TOO_LONG: {
    status: 400,
    title: INVALID_INPUT,
    message: t("This text is too long.", "هذا النص أطول من المسموح."),
  },
  GRADE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The grade must be a whole number from 1 to 12.", "يجب أن يكون الصف رقمًا صحيحًا من 1 إلى 12."),
  },
  CLASS_NAME_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "The class may use letters, digits, spaces, '/' and '-' (up to 20 characters), e.g. 8B.",
      "يتكوّن اسم الشعبة من حروف وأرقام ومسافات و«/» و«-» (حتى 20 حرفًا)، مثل ٨/ب.",
    ),
  },
  CLASS_NEEDS_GRADE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Choose the grade the class belongs to.", "اختر الصف الذي تتبع له الشعبة."),
  },
  GENDER_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    // One text for the user dialog and a roster's gender column, so it names the words a file may use.
    message: t("The gender must be female or male (or left empty).", "يجب أن يكون الجنس أنثى أو ذكرًا (أو يُترك فارغًا)."),
  },
  LANGUAGE_BACKGROUND_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "The language background must be Arabic first language or another first language (arabic or other, or left empty).",
      "يجب أن تكون الخلفية اللغوية العربية لغةً أولى أو لغة أولى أخرى (arabic أو other، أو تُترك فارغة).",
    ),
  },
  ACCOMMODATION_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Read-aloud and high contrast are yes or no (or left empty for no).",
      "القراءة بصوت مسموع والتباين العالي: نعم أو لا (أو تُترك فارغة فتعني لا).",
    ),
  },
  SCHOOL_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Please choose a school from the list.", "يرجى اختيار مدرسة من القائمة."),
  },
  EMAIL_TAKEN: {
    status: 409,
    title: t("Failed to create user", "تعذّر إنشاء المستخدم"),
    message: t("An account with this email already exists.", "يوجد حساب بهذا البريد الإلكتروني بالفعل."),
  },
  USERNAME_TAKEN: {
    status: 409,
    title: t("Failed to create user", "تعذّر إنشاء المستخدم"),
    message: t("This username is already taken.", "اسم المستخدم هذا مستخدَم بالفعل."),
  },
  USER_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The user was not found.", "لم يُعثر على المستخدم."),
  },
  CANNOT_DELETE_SELF: {
    status: 409,
    title: t("Failed to delete user profile", "تعذّر حذف الملف الشخصي للمستخدم"),
    message: t("You cannot delete your own account.", "لا يمكنك حذف حسابك أنت."),
  },
  IMPORT_INVALID: {
    status: 400,
    title: t("Import Failed", "فشل الاستيراد"),
    message: t("Some rows have errors. Fix them and try again; nothing was imported.", "بعض الصفوف فيها أخطاء. صحّحها وأعد المحاولة؛ لم يُستورد أي شيء."),
  },
  IMPORT_EMPTY: {
    status: 400,
    title: t("Import Failed", "فشل الاستيراد"),
    message: t("The file has no rows to import.", "لا يحتوي الملف على صفوف للاستيراد."),
  },
  IMPORT_UNREADABLE: {
    status: 400,
    title: t("Import Failed", "فشل الاستيراد"),
    message: t(
      "This file cannot be read as a spreadsheet. Save it from Excel as .xlsx or CSV and try again.",
      "تعذّرت قراءة هذا الملف جدولًا. احفظه من ⁨Excel⁩ بصيغة ⁨.xlsx⁩ أو ⁨CSV⁩ ثم أعد المحاولة.",
    ),
  },
  IMPORT_UNCLOSED_QUOTE: {
    status: 400,
    title: t("Import Failed", "فشل الاستيراد"),
    message: t(
      "Line {line} opens a quotation mark (\") that is never closed, so the rest of the file would be read as one cell. Remove it or close it, and try again; nothing was imported.",
      "في السطر {line} علامة تنصيص (\") مفتوحة لا تُغلق، فيُقرأ باقي الملف خانةً واحدة. احذفها أو أغلقها ثم أعد المحاولة؛ لم يُستورد أي شيء.",
    ),
  },
  IMPORT_BAD_HEADER: {
    status: 400,
    title: t("Import Failed", "فشل الاستيراد"),
    message: t(
      "The file's first line must name the columns: email, username, name, password, school_id, grade, class (download the template).",
      "يجب أن يحدد السطر الأول من الملف أسماء الأعمدة: email وusername وname وpassword وschool_id وgrade وclass (نزّل النموذج).",
    ),
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 400,
    title: t("Import Failed", "فشل الاستيراد"),
    message: t("A file may hold at most 5,000 rows. Split it and import the parts.", "يمكن أن يحتوي الملف على 5000 صف على الأكثر. قسّمه واستورد الأجزاء."),
  },
  IMPORT_DUPLICATE_IN_FILE: {
    status: 400,
    title: t("Import Failed", "فشل الاستيراد"),
    message: t("This email or username appears more than once in the file.", "هذا البريد الإلكتروني أو اسم المستخدم مكرر في الملف."),
  },
  SCHOOL_OUT_OF_SCOPE: {
    status: 403,
    title: NOT_ALLOWED,
    message: t("You can only manage users of your own school.", "يمكنك إدارة مستخدمي مدرستك فقط."),
  },

  // ---- files (SPEC §8 "Files")
  FILE_REQUIRED: {
    status: 400,
    title: t("No file selected", "لم يتم اختيار ملف"),
    message: t("Please select a file to upload.", "يرجى اختيار ملف لرفعه."),
  },
  FILE_TOO_LARGE: {
    status: 413,
    title: t("Upload failed", "فشل الرفع"),
    message: t("The file is larger than the limit of {limitMb} MB.", "حجم الملف يتجاوز الحد المسموح وهو {limitMb} ميغابايت."),
  },
  UPLOAD_MALFORMED: {
    status: 400,
    title: t("Upload failed", "فشل الرفع"),
    message: t("The upload could not be read. Please choose the file and try again.", "تعذّرت قراءة الملف المرفوع. يرجى اختيار الملف والمحاولة مرة أخرى."),
  },
  UPLOAD_FAILED: {
    status: 500,
    title: t("Upload failed", "فشل الرفع"),
    message: t("The file could not be stored. Please try again.", "تعذّر حفظ الملف. يرجى المحاولة مرة أخرى."),
  },
  FILE_SAVE_FAILED: {
    status: 500,
    title: t("Failed to save file info", "تعذّر حفظ بيانات الملف"),
    message: t("The upload was undone; nothing was kept. Please try again.", "أُلغي الرفع ولم يُحفظ شيء. يرجى المحاولة مرة أخرى."),
  },
  FILE_NOT_FOUND: {
    status: 404,
    title: t("Download failed", "فشل التنزيل"),
    message: t("The file was not found, or you do not have access to it.", "الملف غير موجود أو ليست لديك صلاحية الوصول إليه."),
  },
  FILE_STORAGE_DELETE_FAILED: {
    status: 500,
    title: t("Failed to delete file from storage", "تعذّر حذف الملف من التخزين"),
    message: t("Nothing was deleted. Please try again.", "لم يُحذف شيء. يرجى المحاولة مرة أخرى."),
  },
  FILE_DB_DELETE_FAILED: {
    status: 500,
    title: t("Failed to delete file from database", "تعذّر حذف الملف من قاعدة البيانات"),
    message: t("Please try again.", "يرجى المحاولة مرة أخرى."),
  },
  STUDENT_NOT_IN_SCHOOL: {
    status: 403,
    title: NOT_ALLOWED,
    message: t("You can only assign files to students of your own school.", "يمكنك إسناد الملفات إلى طلبة مدرستك فقط."),
  },

  // ---- QTI packages (issue 19; docs/decisions/0023): each refusal creates nothing
  QTI_TOO_LARGE: {
    status: 413,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("The package is larger than the limit of {limitMb} MB.", "حجم الحزمة يتجاوز الحد المسموح وهو {limitMb} ميغابايت."),
  },
  QTI_NOT_A_PACKAGE: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("This file is not a QTI content package: a .zip file with an imsmanifest.xml.", "هذا الملف ليس حزمة محتوى QTI: ملف ‎.zip‎ يحتوي على imsmanifest.xml."),
  },
  QTI_ZIP_BOMB: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("The package would unpack to more than {limitMb} MB, so it was refused.", "رُفضت الحزمة لأن حجمها بعد فك الضغط يتجاوز {limitMb} ميغابايت."),
  },
  QTI_PATH_ESCAPE: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("The package names a file outside itself ({file}), so it was refused.", "رُفضت الحزمة لأنها تشير إلى ملف خارجها ({file})."),
  },
  QTI_MALFORMED_XML: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("{file} in the package is not well-formed XML.", "الملف {file} في الحزمة ليس بصيغة XML سليمة."),
  },
  QTI_XML_TOO_LARGE: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("{file} in the package is larger than {limitMb} MB, so it was not read.", "لم يُقرأ الملف {file} في الحزمة لأن حجمه يتجاوز {limitMb} ميغابايت."),
  },
  QTI_TOO_COMPLEX: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("The package took too long or too much memory to read, so it was refused.", "رُفضت الحزمة لأن قراءتها استغرقت وقتًا أو ذاكرة أكثر من المسموح."),
  },
  QTI_XML_TOO_DEEP: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("{file} in the package nests its elements more than {limit} levels deep, so it was not read.", "لم يُقرأ الملف {file} في الحزمة لأن عناصره متداخلة بأكثر من {limit} مستوى."),
  },
  QTI_NOTHING_TO_IMPORT: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("No question in this package could be imported.", "لا يوجد في هذه الحزمة سؤال يمكن استيراده."),
  },
  QTI_TYPE_NOT_EXPORTED: {
    status: 422,
    title: t("Not exported", "لم يُصدَّر"),
    message: t("A question of this exam has no content for its type, so the exam cannot be exported to QTI.", "في هذا الاختبار سؤال بلا محتوى لنوعه، فلا يمكن تصديره بصيغة QTI."),
  },
  QTI_TITLE_REQUIRED: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("The package gives test {test} no title: enter one for its draft exam.", "لا تحمل الحزمة عنوانًا للاختبار {test}: أدخل عنوانًا لمسودته."),
  },
  QTI_SUBJECT_REQUIRED: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("The package names no subject of ours for test {test}: choose one for its draft exam.", "لا تذكر الحزمة مادة من موادنا للاختبار {test}: اختر مادة لمسودته."),
  },
  QTI_TOO_MANY_TESTS: {
    status: 400,
    title: t("Import failed", "فشل الاستيراد"),
    message: t("The package holds more than {limit} tests; import at most {limit} at a time.", "تحتوي الحزمة على أكثر من {limit} اختبارًا؛ استورد {limit} اختبارًا على الأكثر في كل مرة."),
  },
  QTI_EXPORT_NO_EXAMS: {
    status: 400,
    title: t("Export failed", "فشل التصدير"),
    message: t("Choose at least one exam to export.", "اختر اختبارًا واحدًا على الأقل لتصديره."),
  },
  QTI_EXPORT_TOO_MANY: {
    status: 400,
    title: t("Export failed", "فشل التصدير"),
    message: t("Choose at most {limit} exams to export in one package.", "اختر {limit} اختبارًا على الأكثر لتصديرها في حزمة واحدة."),
  },
  QTI_EXPORT_NOT_FOUND: {
    status: 404,
    title: t("Export failed", "فشل التصدير"),
    message: t("The exam {id} was not found, or you cannot export it; nothing was exported.", "الاختبار {id} غير موجود أو لا يمكنك تصديره، فلم يُصدَّر شيء."),
  },

  // ---- exams (SPEC §5 "Exam save", §8 "Exams (staff)")
  EXAM_REQUIRED_FIELDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Exam title (Arabic and English) and subject are required.", "عنوان الاختبار (بالعربية والإنجليزية) والمادة مطلوبة."),
  },
  EXAM_NO_QUESTIONS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The exam must contain at least one question.", "يجب أن يحتوي الاختبار على سؤال واحد على الأقل."),
  },
  QUESTION_REQUIRED_FIELDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Each question must have text (Arabic and English) and points.", "يجب أن يكون لكل سؤال نص (بالعربية والإنجليزية) ودرجة."),
  },
  QUESTION_MIN_OPTIONS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} must have at least two options.", "يجب أن يحتوي السؤال {n} على خيارين على الأقل."),
  },
  QUESTION_NO_CORRECT_OPTION: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} must have at least one correct option selected.", "يجب تحديد إجابة صحيحة واحدة على الأقل في السؤال {n}."),
  },
  OPTION_MISSING_TEXT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}, option {m} is missing text.", "الخيار {m} في السؤال {n} ينقصه نص."),
  },
  MATCHING_MIN_PAIRS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} must have at least one pair.", "يجب أن يحتوي السؤال {n} على زوج واحد على الأقل."),
  },
  PAIR_MISSING_TEXT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}, pair {m} is missing text.", "الزوج {m} في السؤال {n} ينقصه نص."),
  },
  // The item types of issue 36 (shared/item-types, docs/decisions/0057).
  ORDERING_MIN_ITEMS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} must have at least two items to put in order.", "يجب أن يحتوي السؤال {n} على عنصرين على الأقل لترتيبهما."),
  },
  ORDERING_ITEM_MISSING_TEXT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}, item {m} is missing text.", "العنصر {m} في السؤال {n} ينقصه نص."),
  },
  NUMERIC_ANSWER_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} needs a number as its answer, such as 3.5.", "يحتاج السؤال {n} إلى رقم إجابةً له، مثل ٣٫٥."),
  },
  NUMERIC_TOLERANCE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}: the tolerance must be a number, zero or more.", "السؤال {n}: يجب أن يكون هامش السماح رقمًا، صفرًا أو أكثر."),
  },
  GAP_TEXT_NO_GAP: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} needs at least one gap in its text, in Arabic and in English.", "يحتاج نص السؤال {n} إلى فراغ واحد على الأقل، بالعربية وبالإنجليزية."),
  },
  GAP_TEXT_MISMATCH: {
    status: 400,
    title: INVALID_INPUT,
    message: t("In question {n}, each gap must appear exactly once in the Arabic text and once in the English text.", "في السؤال {n}، يجب أن يظهر كل فراغ مرة واحدة بالضبط في النص العربي ومرة في النص الإنجليزي."),
  },
  GAP_NO_ACCEPTED_ANSWER: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}: each gap needs at least one accepted answer.", "السؤال {n}: يحتاج كل فراغ إلى إجابة مقبولة واحدة على الأقل."),
  },
  HOTSPOT_NO_IMAGE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} needs a picture to choose areas on.", "يحتاج السؤال {n} إلى صورة تُحدَّد عليها المواضع."),
  },
  HOTSPOT_AREA_OUTSIDE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}, area {m} goes outside the picture.", "الموضع {m} في السؤال {n} يخرج عن حدود الصورة."),
  },
  HOTSPOT_POLYGON_POINTS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}, area {m}: a polygon needs at least three points.", "السؤال {n}، الموضع {m}: يحتاج المضلع إلى ثلاث نقاط على الأقل."),
  },
  HOTSPOT_MAX_CHOICES: {
    status: 400,
    title: INVALID_INPUT,
    message: t("In question {n}, a student must be allowed to choose at least as many areas as are right.", "في السؤال {n}، يجب أن يُسمح للطالب باختيار عدد من المواضع لا يقل عن عدد المواضع الصحيحة."),
  },
  MEDIA_TYPE_NOT_ALLOWED: {
    status: 415,
    title: t("Not added", "لم تتم الإضافة"),
    message: t(
      "Only PNG, JPEG and WebP images, and MP3, M4A and OGG clips, can be added to an exam.",
      "يمكن أن تُضاف إلى الاختبار صور PNG وJPEG وWebP، ومقاطع صوتية MP3 وM4A وOGG فقط.",
    ),
  },
  AUDIO_TOO_LARGE: {
    status: 413,
    title: t("Clip not added", "لم يُضف المقطع"),
    message: t("The clip is larger than {limitMb} MB.", "المقطع أكبر من {limitMb} ميغابايت."),
  },
  PLAYS_USED_UP: {
    status: 409,
    title: t("No plays left", "لم تبقَ مرات استماع"),
    message: t("You have played this clip as many times as the exam allows.", "استمعت إلى هذا المقطع العدد المسموح به من المرات."),
  },
  CLIP_PLAY_REQUIRED: {
    status: 403,
    title: t("Play the clip from the exam", "شغّل المقطع من الاختبار"),
    message: t(
      "This clip has a limited number of plays, so it is heard only from its player in the exam. Press Play there.",
      "لهذا المقطع عدد محدود من مرات الاستماع، فلا يُسمع إلا من مشغّله في الاختبار. اضغط «تشغيل» هناك.",
    ),
  },
  CLIP_PLAY_ENDED: {
    status: 410,
    title: t("This play has ended", "انتهت مرة الاستماع هذه"),
    message: t(
      "This play of the clip is over, or its address is not yours. Press Play in the exam to hear it again if plays are left.",
      "انتهت مرة الاستماع هذه، أو أن عنوانها ليس لك. اضغط «تشغيل» في الاختبار لتستمع إليه مرة أخرى إن بقيت لك مرات.",
    ),
  },
  IMAGE_TOO_LARGE: {
    status: 413,
    title: t("Image not added", "لم تُضف الصورة"),
    message: t("The image is larger than {limitMb} MB or {limitPx} pixels on a side.", "الصورة أكبر من {limitMb} ميغابايت أو من {limitPx} بكسل في أحد أبعادها."),
  },
  IMAGE_TOO_MANY_PIXELS: {
    status: 413,
    title: t("Image not added", "لم تُضف الصورة"),
    message: t("The image has more than {limitMp} million pixels. Make it smaller and try again.", "الصورة تتجاوز {limitMp} مليون بكسل. صغّر أبعادها ثم حاول مرة أخرى."),
  },
  IMAGE_UNREADABLE: {
    status: 400,
    title: t("Image not added", "لم تُضف الصورة"),
    message: t("The image is damaged or incomplete, so it cannot be shown.", "الصورة تالفة أو ناقصة، لذا لا يمكن عرضها."),
  },
  IMAGE_NOT_FOUND: {
    status: 404,
    title: t("Not found", "غير موجود"),
    message: t("The picture or clip was not found, or you do not have access to it.", "الصورة أو المقطع غير موجود، أو ليست لديك صلاحية الوصول إليه."),
  },
  IMAGE_NOT_YOURS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A picture or clip in this exam was not found. Add it again.", "لم يُعثر على صورة أو مقطع في هذا الاختبار. أضفه مرة أخرى."),
  },
  IMAGE_ALT_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Describe every image in Arabic and English before publishing: students who cannot see it hear the description.", "صِف كل صورة بالعربية والإنجليزية قبل النشر: يسمع الوصفَ الطالبُ الذي لا يراها."),
  },
  PASSAGE_TEXT_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Passage {p} needs its text in Arabic or English.", "القطعة {p} تحتاج إلى نصها بالعربية أو الإنجليزية."),
  },
  PASSAGE_NO_QUESTIONS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Passage {p} has no questions. Link a question to it or remove it.", "لا أسئلة على القطعة {p}. اربط بها سؤالًا أو احذفها."),
  },
  PASSAGE_NOT_FOUND: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} refers to a passage that is not in this exam.", "السؤال {n} مرتبط بقطعة ليست في هذا الاختبار."),
  },
  SUBJECT_NOT_FOUND: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Please choose a subject from the list.", "يرجى اختيار مادة من القائمة."),
  },
  DIF_GROUPING_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Compare groups by gender, language background, the paper's language or school.",
      "قارن الفئات حسب الجنس أو الخلفية اللغوية أو لغة الورقة أو المدرسة.",
    ),
  },
  DIF_MIN_GROUP_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The smallest group tested must be a whole number from 20 to 10,000.", "يجب أن يكون أصغر حجم لفئة تُفحص رقمًا صحيحًا من 20 إلى 10,000."),
  },
  DIF_SHOW_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Show either the flagged comparisons or all of them.", "اعرض إما المقارنات المُعلَّمة وإما المقارنات كلها."),
  },
  EXAM_NOT_FOUND: {
    status: 404,
    title: t("Failed to fetch exam data.", "تعذّر جلب بيانات الاختبار."),
    message: t("The exam was not found, or you cannot edit it.", "الاختبار غير موجود أو لا يمكنك تعديله."),
  },
  EXAM_HAS_ATTEMPTS: {
    status: 409,
    title: t("Failed to delete exam", "تعذّر حذف الاختبار"),
    message: t(
      "Students have already taken this exam, so it cannot be deleted. Archive it instead; no result is lost.",
      "سبق أن أدّى الطلبة هذا الاختبار، لذا لا يمكن حذفه. يمكنك أرشفته بدلًا من ذلك دون فقدان أي نتيجة.",
    ),
  },
  QUESTION_HAS_ANSWERS: {
    status: 409,
    title: t("Failed to create exam", "تعذّر حفظ الاختبار"),
    message: t(
      "Question {n} already has student answers and cannot be removed. Archive the exam and create a new version instead.",
      "السؤال {n} لديه إجابات من الطلبة ولا يمكن حذفه. أرشف الاختبار وأنشئ نسخة جديدة بدلًا من ذلك.",
    ),
  },
  // The item bank (issue 34; docs/decisions/0036).
  QUESTION_SEEN_IN_PROGRESS: {
    status: 409,
    title: t("Failed to create exam", "تعذّر حفظ الاختبار"),
    message: t(
      "Question {n} has been seen by students, and a student is taking this exam now. Its change can be saved once no attempt is in progress; the students who saw it keep the version they answered.",
      "السؤال {n} اطّلع عليه الطلبة، وهناك طالب يؤدي هذا الاختبار الآن. يمكن حفظ تعديله حين لا تكون هناك محاولة جارية، ويحتفظ الطلبة الذين رأوه بالنسخة التي أجابوا عنها.",
    ),
  },
  QUESTION_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The question was not found in this exam.", "لم يُعثر على السؤال في هذا الاختبار."),
  },
  FORM_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This exam has no form of that number.", "ليس لهذا الاختبار نموذج بهذا الرقم."),
  },
  // IRT calibration of an exam (issue 35; docs/decisions/0045).
  CALIBRATION_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The calibration was not found, or you cannot see it.", "لم يُعثر على المعايرة، أو لا يمكنك الاطلاع عليها."),
  },
  CALIBRATION_RUNNING: {
    status: 409,
    title: t("Calibration in progress", "المعايرة جارية"),
    message: t(
      "A calibration of this exam is already running. Wait for it to finish, then look at its result.",
      "هناك معايرة لهذا الاختبار قيد التشغيل الآن. انتظر حتى تنتهي ثم اطّلع على نتيجتها.",
    ),
  },
  CALIBRATION_NO_ATTEMPTS: {
    status: 409,
    title: t("Nothing to calibrate yet", "لا يوجد ما تتم معايرته بعد"),
    message: t("This exam has no marked attempts yet, so there is nothing to calibrate.", "لا توجد لهذا الاختبار محاولات مصحّحة بعد، فلا يوجد ما تتم معايرته."),
  },
  FIGURES_BUSY: {
    status: 503,
    title: t("The server is busy", "الخادم مشغول"),
    message: t(
      "The server is busy with students' exams, so these figures could not be worked out now. Please try again once the exams are over.",
      "الخادم مشغول باختبارات الطلاب، فتعذّر حساب هذه الأرقام الآن. يرجى المحاولة مرة أخرى بعد انتهاء الاختبارات.",
    ),
  },
  CALIBRATION_TOO_LARGE: {
    status: 422,
    title: t("Calibration stopped", "توقّفت المعايرة"),
    message: t(
      "This calibration needed more computing time than the server allows. Try the Rasch or 2PL model, which are quicker.",
      "احتاجت هذه المعايرة وقت معالجة أطول مما يسمح به الخادم. جرّب نموذج راش أو النموذج ثنائي المعلمة، فهما أسرع.",
    ),
  },
  BANK_ITEM_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The bank item was not found, or you cannot see it.", "لم يُعثر على السؤال في بنك الأسئلة، أو لا يمكنك الاطلاع عليه."),
  },
  BANK_ITEM_READ_ONLY: {
    status: 403,
    title: NOT_ALLOWED,
    message: t(
      "This item belongs to the system bank and only a super admin may change it. Copy it to your school to change the copy.",
      "هذا السؤال من بنك النظام ولا يعدّله إلا المشرف العام. انسخه إلى مدرستك لتعدّل النسخة.",
    ),
  },
  BANK_ITEM_RETIRED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("A retired item cannot be added to an exam. Restore it first.", "لا يمكن إضافة سؤال مُستبعَد إلى اختبار. أعِده أولًا."),
  },
  BANK_ITEM_WRONG_SUBJECT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("This item is of another subject than the exam.", "هذا السؤال من مادة غير مادة الاختبار."),
  },
  BANK_ITEM_SUBJECT_FIXED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t(
      "This item is used in exams, so its subject cannot change. Copy it and file the copy under another subject.",
      "هذا السؤال مستخدم في اختبارات، لذا لا يمكن تغيير مادته. انسخه واجعل النسخة تحت مادة أخرى.",
    ),
  },
  BANK_TOO_MANY_QUESTIONS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("An exam may hold at most {max} questions.", "لا يمكن أن يضم الاختبار أكثر من {max} سؤالًا."),
  },
  QUESTION_MULTIPLE_CORRECT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n} may have only one correct option.", "يجب أن يكون في السؤال {n} خيار صحيح واحد فقط."),
  },

  SKILL_NOT_FOUND: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}: please choose a skill from the list.", "السؤال {n}: يرجى اختيار مهارة من القائمة."),
  },
  SKILL_WRONG_SUBJECT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}: the skill must belong to the exam's subject.", "السؤال {n}: يجب أن تكون المهارة من مهارات مادة الاختبار."),
  },
  SKILL_RETIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Question {n}: this skill is retired; choose another one.", "السؤال {n}: هذه المهارة موقوفة؛ اختر مهارة أخرى."),
  },

  // ---- blueprints: forms assembled from the item bank (issue 34; docs/decisions/0035). The numbers in these texts
  // are schemas/blueprint.ts's limits (blueprint.test.ts checks they agree).
  BLUEPRINT_FORMS_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The number of forms must be a whole number from 1 to 10.", "يجب أن يكون عدد النماذج عددًا صحيحًا من 1 إلى 10."),
  },
  BLUEPRINT_DURATION_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The time must be a whole number of minutes from 1 to 600.", "يجب أن يكون الزمن عددًا صحيحًا من الدقائق من 1 إلى 600."),
  },
  BLUEPRINT_PARTS_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "A blueprint needs from 1 to 40 parts, each a skill with the number of items or points a form must have.",
      "يحتاج المخطط إلى جزء واحد على الأقل و40 جزءًا على الأكثر، لكل جزء مهارة وعدد الأسئلة أو الدرجات المطلوب في النموذج.",
    ),
  },
  BLUEPRINT_PART_SKILL: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Choose a skill for each part of the blueprint.", "اختر مهارة لكل جزء من أجزاء المخطط."),
  },
  BLUEPRINT_PART_TYPE: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "A part's question type must be one of the five types, and its difficulty band easy, medium or hard (or left open).",
      "يجب أن يكون نوع الأسئلة في الجزء أحد الأنواع الخمسة، ومستوى صعوبته سهلًا أو متوسطًا أو صعبًا (أو يُترك دون تحديد).",
    ),
  },
  BLUEPRINT_PART_AMOUNT: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Each part of the blueprint needs a number of items (1 to 200), a number of points (1 to 200000), or both.",
      "يحتاج كل جزء من المخطط إلى عدد من الأسئلة (من 1 إلى 200) أو عدد من الدرجات (من 1 إلى 200000) أو كليهما.",
    ),
  },
  BLUEPRINT_PARTS_OVERLAP: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Two parts of the blueprint could take the same item (the same skill, with the same or no question type and difficulty band). Make each part distinct.",
      "يمكن لجزأين من المخطط أن يأخذا السؤال نفسه (المهارة نفسها، بنوع الأسئلة ومستوى الصعوبة نفسيهما أو دون تحديدهما). اجعل كل جزء مختلفًا عن غيره.",
    ),
  },
  BLUEPRINT_TOO_MANY_ITEMS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A form holds at most 200 items; the parts of the blueprint ask for more.", "يتسع النموذج لـ200 سؤال على الأكثر، وأجزاء المخطط تطلب أكثر من ذلك."),
  },
  BLUEPRINT_ANCHORS_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Anchor items must be at most 50 different items of the bank.", "يجب ألا تزيد أسئلة الربط على 50 سؤالًا مختلفًا من البنك."),
  },
  BLUEPRINT_OVERLAP_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The share of items two forms may have in common must be from 0 to 100%.", "يجب أن تكون نسبة الأسئلة المشتركة بين نموذجين من 0 إلى 100%."),
  },
  BLUEPRINT_EXPOSURE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The largest share of students who may have seen an item must be from 0 to 100%.", "يجب أن تكون أعلى نسبة من الطلاب يُسمح أن يكونوا قد رأوا السؤال من 0 إلى 100%."),
  },
  BLUEPRINT_DIFFICULTY_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Match the forms' difficulty by mean facility or by test information.", "طابِق صعوبة النماذج بمتوسط معامل السهولة أو بدالة معلومات الاختبار."),
  },
  BLUEPRINT_FACILITY_TARGET_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The target mean facility must be from 0 to 1.", "يجب أن يكون متوسط معامل السهولة المستهدف من 0 إلى 1."),
  },
  BLUEPRINT_FACILITY_TARGET_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Give a target mean facility: a part of the blueprint counts points only, so the forms may differ in length.",
      "حدِّد متوسط معامل السهولة المستهدف: في المخطط جزء يُحسب بالدرجات فقط، فقد تختلف النماذج في عدد أسئلتها.",
    ),
  },
  BLUEPRINT_TOLERANCE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "The tolerance must be from 0.005 to 0.5 for mean facility, and from 1% to 100% for test information.",
      "يجب أن يكون هامش التفاوت من 0.005 إلى 0.5 لمتوسط معامل السهولة، ومن 1% إلى 100% لمعلومات الاختبار.",
    ),
  },
  BLUEPRINT_ABILITIES_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Choose from 1 to 5 different ability points, each from −4 to 4, with a target information (if any) above 0 and at most 500.",
      "اختر من نقطة إلى 5 نقاط قدرة مختلفة، كل منها من −4 إلى 4، وإن حُدِّدت معلومات مستهدفة فلتكن أكبر من 0 ولا تزيد على 500.",
    ),
  },
  // The blueprint against the exam it is for (POST /api/exams/:id/assemble): {n} is the part's number, from 1.
  BLUEPRINT_SKILL_NOT_FOUND: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Part {n} of the blueprint: please choose a skill from the list.", "الجزء {n} من المخطط: يرجى اختيار مهارة من القائمة."),
  },
  BLUEPRINT_SKILL_WRONG_SUBJECT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Part {n} of the blueprint: the skill must belong to the exam's subject.", "الجزء {n} من المخطط: يجب أن تكون المهارة من مهارات مادة الاختبار."),
  },
  BLUEPRINT_GRADE_NOT_OFFERED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("This exam is not offered to grade {grade}. Choose one of the exam's grades.", "هذا الاختبار غير مُتاح للصف {grade}. اختر أحد صفوف الاختبار."),
  },
  // Saving forms as the exam's (PUT /api/exams/:id/forms): {n} is the form's number.
  FORMS_COUNT_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("An exam may have from 1 to 10 forms.", "يمكن أن يكون للاختبار من نموذج واحد إلى 10 نماذج."),
  },
  FORMS_EMPTY: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A form needs at least one item.", "يحتاج النموذج إلى سؤال واحد على الأقل."),
  },
  FORMS_DUPLICATE_ITEM: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Form {n} holds the same item twice.", "يضم النموذج {n} السؤال نفسه مرتين."),
  },
  FORMS_ANCHOR_NOT_IN_FORM: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Form {n} does not hold every anchor item; anchors are in every form.", "لا يضم النموذج {n} جميع أسئلة الربط، وأسئلة الربط تكون في كل نموذج."),
  },
  FORMS_ASSIGNMENT_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Forms are given out at random or by class.", "تُوزَّع النماذج عشوائيًا أو حسب الشعبة."),
  },
  FORMS_HAVE_ATTEMPTS: {
    status: 409,
    title: t("Failed to change forms", "تعذّر تغيير النماذج"),
    message: t(
      "Students have already taken this exam, so its forms and questions cannot change. Archive it and create a new exam instead; no result is lost.",
      "سبق أن أدّى الطلبة هذا الاختبار، لذا لا يمكن تغيير نماذجه وأسئلته. أرشفه وأنشئ اختبارًا جديدًا بدلًا من ذلك دون فقدان أي نتيجة.",
    ),
  },
  // Why no forms can meet a blueprint: {part} is a part's name ("Grammar (multiple choice, hard)"), in each language;
  // an item's id and signed abilities ("−1, 0, 1") are isolated (FSI … PDI) in the Arabic so a sign stays in place.
  ASSEMBLE_ANCHOR_MISSING: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t("Anchor item {id} is not in the bank (or is retired), so no form can carry it.", "سؤال الربط \u2068{id}\u2069 غير موجود في البنك (أو موقوف)، فلا يمكن أن يحمله أي نموذج."),
  },
  ASSEMBLE_ANCHOR_GRADE: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t("Anchor item {id} is not an item for grade {grade}, the blueprint's grade.", "سؤال الربط \u2068{id}\u2069 ليس من أسئلة الصف {grade}، وهو صف المخطط."),
  },
  ASSEMBLE_ANCHOR_NO_PART: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "Anchor item {id} fits no part of the blueprint: no part asks for its skill, question type and difficulty.",
      "سؤال الربط \u2068{id}\u2069 لا يناسب أي جزء من المخطط: لا يطلب أي جزء مهارته ونوعه ومستوى صعوبته.",
    ),
  },
  ASSEMBLE_ANCHORS_TOO_MANY: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t("{partEn} takes {need} items, but its anchor items alone are {have}.", "يأخذ جزء «{partAr}» {need} من الأسئلة، لكن أسئلة الربط فيه وحدها {have}."),
  },
  ASSEMBLE_ANCHORS_TOO_MANY_POINTS: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t("{partEn} takes {need} points, but its anchor items alone give {have}.", "يأخذ جزء «{partAr}» أسئلة مجموع درجاتها {need}، لكن مجموع درجات أسئلة الربط فيه وحدها {have}."),
  },
  ASSEMBLE_PART_SHORT: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t("{partEn} needs {need} items at grade {grade}; the bank has {have}.", "يحتاج جزء «{partAr}» إلى {need} من الأسئلة للصف {grade}، وليس في البنك منها إلا {have}."),
  },
  ASSEMBLE_PART_SHORT_FORMS: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "{partEn}: {forms} forms of {need} items that share at most {shared} besides the anchors need at least {distinct} different items at grade {grade}; the bank has {have}.",
      "جزء «{partAr}»: يحتاج {forms} من النماذج في كل منها {need} من الأسئلة، لا تشترك في أكثر من {shared} منها عدا أسئلة الربط، إلى {distinct} على الأقل من الأسئلة المختلفة للصف {grade}، وليس في البنك منها إلا {have}.",
    ),
  },
  ASSEMBLE_PART_POINTS_SHORT: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t("{partEn} needs {need} points at grade {grade}; the bank's items give {have}.", "يحتاج جزء «{partAr}» إلى أسئلة مجموع درجاتها {need} للصف {grade}، ولا يتجاوز مجموع درجات أسئلة البنك {have}."),
  },
  ASSEMBLE_PART_POINTS_UNREACHABLE: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "{partEn} needs exactly {need} points; no choice of the bank's items at grade {grade} adds up to that.",
      "يحتاج جزء «{partAr}» إلى أسئلة مجموع درجاتها {need} بالضبط، ولا توجد مجموعة من أسئلة البنك للصف {grade} يبلغ مجموع درجاتها ذلك.",
    ),
  },
  ASSEMBLE_PART_LEFT_OUT_EXPOSED: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "{partEn}: {count} more items at grade {grade} were left out because more than {share}% of the students have seen them.",
      "جزء «{partAr}»: استُبعد {count} من الأسئلة الأخرى للصف {grade} لأن أكثر من {share}% من الطلاب قد رأوها.",
    ),
  },
  ASSEMBLE_PART_LEFT_OUT_NO_FACILITY: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "{partEn}: {count} more items at grade {grade} were left out because no student has answered them yet, so their facility is unknown.",
      "جزء «{partAr}»: استُبعد {count} من الأسئلة الأخرى للصف {grade} لأن أحدًا من الطلاب لم يُجب عنها بعد، فمعامل سهولتها غير معروف.",
    ),
  },
  ASSEMBLE_PART_LEFT_OUT_NO_IRT: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "{partEn}: {count} more items at grade {grade} were left out because they are not calibrated yet (they have no IRT parameters).",
      "جزء «{partAr}»: استُبعد {count} من الأسئلة الأخرى للصف {grade} لأنها لم تُعايَر بعد (ليست لها معالم نظرية الاستجابة للمفردة).",
    ),
  },
  ASSEMBLE_TOTAL_SHORT_FORMS: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "{forms} forms that share at most {shared} items besides the anchors need at least {distinct} different items at grade {grade}; the bank has {have} that fit the blueprint.",
      "يحتاج {forms} من النماذج لا تشترك في أكثر من {shared} من الأسئلة عدا أسئلة الربط إلى {distinct} على الأقل من الأسئلة المختلفة للصف {grade}، وليس في البنك مما يناسب المخطط إلا {have}.",
    ),
  },
  ASSEMBLE_FACILITY_RANGE: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "With the bank's items, a form's mean facility can only be from {min} to {max}; the blueprint asks for {target} ± {tolerance}.",
      "بأسئلة البنك الحالية لا يمكن أن يكون متوسط معامل السهولة في النموذج إلا من {min} إلى {max}، والمخطط يطلب {target} ± {tolerance}.",
    ),
  },
  ASSEMBLE_DIFFICULTY_FACILITY: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "The forms' mean facility cannot be kept within {tolerance} of {targetEn} with these items. Widen the tolerance or add items.",
      "لا يمكن بهذه الأسئلة إبقاء متوسط معامل السهولة في النماذج ضمن {tolerance} من {targetAr}. وسِّع هامش التفاوت أو أضف أسئلة.",
    ),
  },
  ASSEMBLE_DIFFICULTY_INFORMATION: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "The forms' test information at abilities {thetas} cannot be kept within {tolerance}% of {targetEn} with these items. Widen the tolerance or add calibrated items.",
      "لا يمكن بهذه الأسئلة إبقاء معلومات الاختبار في النماذج عند القدرات \u2068{thetas}\u2069 ضمن {tolerance}% من {targetAr}. وسِّع هامش التفاوت أو أضف أسئلة معايَرة.",
    ),
  },
  ASSEMBLE_OVERLAP: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "With these items, {forms} forms cannot share as little as {share}% of their items besides the anchors. Allow more sharing, make fewer forms, or add items.",
      "لا يمكن بهذه الأسئلة أن تقتصر الأسئلة المشتركة بين {forms} من النماذج على {share}% من أسئلتها عدا أسئلة الربط. اسمح بنسبة مشتركة أكبر، أو قلِّل عدد النماذج، أو أضف أسئلة.",
    ),
  },
  ASSEMBLE_EXPOSURE: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "There are enough items only if items seen by more than {share}% of the students are used. Allow a higher exposure, or add items.",
      "لا تكفي الأسئلة إلا إذا استُخدمت أسئلة رآها أكثر من {share}% من الطلاب. اسمح بنسبة أعلى، أو أضف أسئلة.",
    ),
  },
  ASSEMBLE_TOGETHER: {
    status: 409,
    title: t("Forms cannot be assembled", "تعذّر تكوين النماذج"),
    message: t(
      "The blueprint's parts, the matched difficulty, the sharing limit and the exposure limit cannot all be met together with these items. Loosen one of them, or add items.",
      "لا يمكن بهذه الأسئلة تحقيق أجزاء المخطط وتطابق الصعوبة وحد الأسئلة المشتركة وحد الاطلاع معًا. خفِّف أحدها أو أضف أسئلة.",
    ),
  },
  ASSEMBLE_TIMEOUT: {
    status: 409,
    title: t("Forms not found in time", "لم تُكوَّن النماذج في الوقت المحدد"),
    message: t(
      "No forms were found within {seconds} seconds. The blueprint may still be possible: try again, or ask for fewer forms or a wider tolerance.",
      "لم يُعثر على نماذج خلال {seconds} ثانية. قد يكون المخطط ممكنًا مع ذلك: حاول مرة أخرى، أو اطلب نماذج أقل أو هامش تفاوت أوسع.",
    ),
  },

  // ---- standard setting (issue 35; docs/decisions/0048)
  STUDY_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This standard-setting study was not found.", "لم يُعثر على دراسة تحديد المعايير هذه."),
  },
  STUDY_SCALE_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This reporting scale was not found.", "لم يُعثر على سلّم التقرير هذا."),
  },
  STUDY_CALIBRATION_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This calibration run was not found.", "لم يُعثر على تشغيل المعايرة هذا."),
  },
  STUDY_RUN_NOT_ON_SCALE: {
    status: 409,
    title: INVALID_INPUT,
    message: t(
      "This calibration run is not on the scale. Choose the scale's reference run or a run linked to it.",
      "تشغيل المعايرة هذا ليس على السلّم. اختر التشغيل المرجعي للسلّم أو تشغيلًا مربوطًا به.",
    ),
  },
  STUDY_RUN_HAS_NO_ITEMS: {
    status: 409,
    title: INVALID_INPUT,
    message: t("No item of this calibration run has parameters to rate.", "لا يوجد في تشغيل المعايرة هذا بند له معالم يمكن تقديرها."),
  },
  STUDY_NEEDS_LEVELS: {
    status: 409,
    title: INVALID_INPUT,
    message: t("The scale needs at least two proficiency levels before their cuts can be set.", "يحتاج السلّم إلى مستويي أداء على الأقل قبل تحديد درجات القطع بينها."),
  },
  STUDY_PANELLIST_NOT_STAFF: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Panellists must be teachers or school admins.", "يجب أن يكون المحكّمون معلمين أو مديري مدارس."),
  },
  STUDY_NO_PANELLISTS: {
    status: 409,
    title: INVALID_INPUT,
    message: t("Invite at least one panellist before opening round 1.", "ادعُ محكّمًا واحدًا على الأقل قبل فتح الجولة الأولى."),
  },
  STUDY_WRONG_STEP: {
    status: 409,
    title: INVALID_INPUT,
    message: t("This study is not at a step that allows this. Reload it to see where it is.", "هذه الدراسة ليست في مرحلة تسمح بذلك. أعد تحميلها لترى مرحلتها."),
  },
  STUDY_NOT_OPEN: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("Rating is not open in this study.", "التقدير غير مفتوح في هذه الدراسة."),
  },
  STUDY_RATING_OUT_OF_RANGE: {
    status: 409,
    title: INVALID_INPUT,
    message: t(
      "A rating must be between 0 and 1 (for a partial-credit item, between 0 and its top score).",
      "يجب أن يكون التقدير بين 0 و1 (وللبند ذي الدرجات الجزئية بين 0 ودرجته العليا).",
    ),
  },
  STUDY_BOOKMARK_OUT_OF_BOOKLET: {
    status: 409,
    title: INVALID_INPUT,
    message: t("A bookmark must be on a page of the booklet.", "يجب أن تكون العلامة على صفحة من صفحات الكتيّب."),
  },
  STUDY_BOOKMARKS_ORDER: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Each level's bookmark must come after the bookmark of the level below it.", "يجب أن تأتي علامة كل مستوى بعد علامة المستوى الذي دونه."),
  },
  STUDY_RATINGS_INCOMPLETE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Rate every item for every level (or place every bookmark) before submitting.", "قدّر كل بند لكل مستوى (أو ضع كل العلامات) قبل الإرسال."),
  },
  STUDY_RATING_UNKNOWN_ITEM: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A rating names an item or level that is not in this study.", "يذكر أحد التقديرات بندًا أو مستوى ليس في هذه الدراسة."),
  },
  STUDY_NO_RATINGS: {
    status: 409,
    title: INVALID_INPUT,
    message: t("No panellist has submitted ratings in the last round.", "لم يرسل أي محكّم تقديراته في الجولة الأخيرة."),
  },
  STUDY_CUTS_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Give one cut for every level above the lowest, each higher than the one below it.",
      "أدخل درجة قطع واحدة لكل مستوى فوق الأدنى، كل منها أعلى من التي دونها.",
    ),
  },
  // ---- sittings, the lobby, extra time (issue 16)
  SITTING_TIMES_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "The sitting's times must follow each other: the start, then the last entry, then the end.",
      "يجب أن تتتابع أوقات الجلسة: البداية، ثم آخر موعد للدخول، ثم النهاية.",
    ),
  },
  SITTING_TOO_LONG: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A sitting may last at most 12 hours.", "لا يجوز أن تزيد مدة الجلسة على 12 ساعة."),
  },
  SITTING_ENDED_ALREADY: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The sitting's end has already passed. Check the date and the year.", "موعد نهاية الجلسة قد مضى. تحقّق من التاريخ والسنة."),
  },
  SITTING_TOO_FAR: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A sitting may be scheduled at most 2 years ahead. Check the year.", "لا يجوز جدولة جلسة بعد أكثر من سنتين من الآن. تحقّق من السنة."),
  },
  SITTING_START_PAST: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "A sitting cannot start more than 15 minutes ago. Choose a start from now on.",
      "لا يجوز أن تبدأ الجلسة قبل أكثر من 15 دقيقة من الآن. اختر موعد بداية من الآن فصاعدًا.",
    ),
  },
  SITTING_OWN_SCHOOL_ONLY: {
    status: 403,
    title: NOT_ALLOWED,
    message: t(
      "You schedule sittings for your own school's students only. Sittings for every school are set by the exam's author.",
      "تجدول جلسات طلاب مدرستك فقط. أما الجلسات المشتركة بين المدارس فيحددها معدّ الاختبار.",
    ),
  },
  SITTING_SCOPE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Choose a school and a grade the exam is offered to.", "اختر مدرسة وصفًّا يُقدَّم لهما الاختبار."),
  },
  SITTING_OVERLAP: {
    status: 409,
    title: t("Sittings overlap", "الجلسات متداخلة"),
    message: t(
      "Another sitting of this exam for the same students overlaps these times. Change the times or the students.",
      "توجد جلسة أخرى لهذا الاختبار للطلاب أنفسهم في وقت متداخل. غيّر الأوقات أو الطلاب.",
    ),
  },
  SITTING_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This sitting was not found.", "لم يُعثر على هذه الجلسة."),
  },
  SITTING_HAS_ATTEMPTS: {
    status: 409,
    title: NOT_ALLOWED,
    message: t(
      "Students have already started this sitting; it cannot be deleted or moved. You can still extend its entry or its end.",
      "بدأ طلاب هذه الجلسة بالفعل، فلا يمكن حذفها أو تغيير موعد بدايتها. ما زال بإمكانك تمديد موعد الدخول أو النهاية.",
    ),
  },
  SITTING_NOT_STARTED: {
    status: 409,
    title: t("Not started yet", "لم تبدأ بعد"),
    message: t("The exam has not started yet. Please wait for the start.", "لم يبدأ الاختبار بعد. يرجى الانتظار حتى موعد البدء."),
  },
  SITTING_ENTRY_CLOSED: {
    status: 409,
    title: t("Entry closed", "انتهى وقت الدخول"),
    message: t(
      "The latest entry time for this sitting has passed. Please speak to your teacher.",
      "انتهى آخر موعد للدخول إلى هذه الجلسة. يرجى مراجعة معلمك.",
    ),
  },
  SITTING_ENDED: {
    status: 409,
    title: t("Sitting ended", "انتهت الجلسة"),
    message: t("This sitting has ended.", "انتهت هذه الجلسة."),
  },
  EXTRA_TIME_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "Extra time must be a whole percentage from 0 to 200 and a whole number of minutes from 0 to 600.",
      "يجب أن يكون الوقت الإضافي نسبة صحيحة من 0 إلى 200 وعددًا صحيحًا من الدقائق من 0 إلى 600.",
    ),
  },
  TEXT_SCALE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The text size must be 100, 125, 150, 175 or 200 %.", "يجب أن يكون حجم النص 100 أو 125 أو 150 أو 175 أو 200 %."),
  },
  GRANT_MINUTES_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Grant between 1 and 240 whole minutes.", "امنح ما بين 1 و240 دقيقة كاملة."),
  },
  GRANT_REASON_REQUIRED: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Say why the time is granted.", "اذكر سبب منح الوقت."),
  },
  GRANT_TOTAL_EXCEEDED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t(
      "Time granted to one attempt may total at most {limit} minutes; {remaining} minutes are left to grant.",
      "لا يجوز أن يتجاوز مجموع الوقت الممنوح للمحاولة الواحدة {limit} دقيقة؛ المتبقي الذي يمكن منحه {remaining} دقيقة.",
    ),
  },
  GRANT_NOT_IN_PROGRESS: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("Time can only be granted while the student is sitting the exam.", "لا يُمنح الوقت إلا أثناء أداء الطالب للاختبار."),
  },
  HELD_ANSWER_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("No answer of this attempt is waiting for your decision.", "لا توجد إجابة من هذه المحاولة بانتظار قرارك."),
  },
  HELD_DECISION_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Choose to accept or refuse the held answers.", "اختر قبول الإجابات المحفوظة أو رفضها."),
  },
  HELD_ANSWERS_NONE_IN_SITTING: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("No answer of this sitting is waiting for your decision.", "لا توجد إجابة في هذه الجلسة بانتظار قرارك."),
  },

  // ---- taking exams (SPEC §8 "Student")
  EXAM_NOT_AVAILABLE: {
    status: 404,
    title: t("Exam not available", "الاختبار غير متاح"),
    message: t("Exam not found or not published.", "الاختبار غير موجود أو غير منشور."),
  },
  ATTEMPT_NOT_FOUND: {
    status: 404,
    title: t("Error", "خطأ"),
    message: t("Exam attempt not found.", "لم يُعثر على محاولة الاختبار."),
  },
  ATTEMPT_ALREADY_COMPLETED: {
    status: 409,
    title: t("Exam already completed", "الاختبار مكتمل"),
    message: t("You have already completed this exam.", "لقد أكملت هذا الاختبار من قبل."),
  },
  TIME_UP: {
    status: 409,
    title: t("Time Up!", "انتهى الوقت!"),
    message: t(
      "The time for this exam is over; answers can no longer be changed. Your saved answers were submitted.",
      "انتهى وقت هذا الاختبار ولم يعد بالإمكان تعديل الإجابات. سُلّمت إجاباتك المحفوظة.",
    ),
  },
  // Issue 37, decision 0056: an answer made offline before the deadline that came back after the grace.
  ANSWER_HELD_FOR_PROCTOR: {
    status: 409,
    title: t("Answer kept for the proctor", "حُفظت الإجابة للمراقب"),
    message: t(
      "This answer was made before the time was up but arrived after the grace period; it has been kept for your proctor to accept or refuse.",
      "أُجيب عن هذا السؤال قبل انتهاء الوقت لكن الإجابة وصلت بعد المهلة الإضافية؛ فحُفظت ليقبلها المراقب أو يرفضها.",
    ),
  },
  // A device's journal in one request (decision 0056).
  ANSWER_BATCH_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Send a list of one to 200 answers, each for a different question.", "أرسل قائمة من إجابة واحدة إلى 200 إجابة، كلٌّ منها لسؤال مختلف."),
  },
  ANSWER_BATCH_TOO_LARGE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("At most 200 answers can be sent at once.", "يمكن إرسال 200 إجابة على الأكثر في المرة الواحدة."),
  },
  ANSWER_STAMP_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The time the answer was made must be a date and time (ISO 8601).", "يجب أن يكون وقت الإجابة تاريخًا ووقتًا (ISO 8601)."),
  },
  PENDING_COUNT_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The number of answers waiting must be a whole number from 0 to 100,000.", "يجب أن يكون عدد الإجابات المنتظرة عددًا صحيحًا من 0 إلى 100,000."),
  },
  ANSWER_INVALID: {
    status: 400,
    title: t("Error Saving Answers", "خطأ في حفظ الإجابات"),
    message: t("This answer does not fit the question.", "هذه الإجابة لا تناسب السؤال."),
  },
  PAPER_LANGUAGE_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The paper's language must be Arabic or English (ar or en).", "يجب أن تكون لغة الورقة العربية أو الإنجليزية (ar أو en)."),
  },
  START_FAILED: {
    // Only when a start raced a change to the exam twice in a row (attempts.service.ts): pressing Start again works.
    status: 409,
    title: t("Error", "خطأ"),
    message: t("Failed to start the exam.", "تعذّر بدء الاختبار."),
  },

  // ---- grading and results (SPEC §8 "Results")
  RESULT_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("Exam result not found.", "لم يُعثر على نتيجة الاختبار."),
  },
  RESULT_FORBIDDEN: {
    status: 403,
    title: t("Unauthorized", "غير مصرّح"),
    message: t("You are not authorized to view this result.", "غير مصرّح لك بعرض هذه النتيجة."),
  },
  RESULTS_CURSOR_INVALID: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "This page of results cannot be found from the link. Go back to the first page and try again.",
      "تعذّر الوصول إلى هذه الصفحة من النتائج عبر الرابط. ارجع إلى الصفحة الأولى وحاول مرة أخرى.",
    ),
  },
  SCORE_OUT_OF_RANGE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The mark must be between 0 and the question's points.", "يجب أن تكون الدرجة بين 0 ودرجة السؤال."),
  },
  ANSWER_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The answer was not found, or you cannot grade it.", "الإجابة غير موجودة أو لا يمكنك تصحيحها."),
  },
  ATTEMPT_NOT_SUBMITTED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("This attempt has not been submitted yet.", "لم تُسلَّم هذه المحاولة بعد."),
  },

  // ---- school years (issue 39; docs/decisions/0059)
  YEAR_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The school year was not found.", "لم يُعثر على العام الدراسي."),
  },
  YEAR_REQUIRED_FIELDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A school year needs a name in Arabic and English, a start date and an end date.", "يحتاج العام الدراسي إلى اسم بالعربية والإنجليزية وتاريخ بداية وتاريخ نهاية."),
  },
  YEAR_DATES_ORDER: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A school year must end after it starts.", "يجب أن ينتهي العام الدراسي بعد بدايته."),
  },
  YEAR_OVERLAP: {
    status: 409,
    title: INVALID_INPUT,
    message: t("These dates overlap another school year.", "تتداخل هذه التواريخ مع عام دراسي آخر."),
  },
  YEAR_CLOSED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("This exam belongs to a closed school year and can no longer be changed.", "ينتمي هذا الاختبار إلى عام دراسي مغلق ولم يعد تعديله ممكنًا."),
  },
  YEAR_ALREADY_CLOSED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("This school year is already closed.", "هذا العام الدراسي مغلق بالفعل."),
  },
  YEAR_NOT_CLOSED: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("This school year is not closed.", "هذا العام الدراسي غير مغلق."),
  },
  YEAR_ATTEMPTS_IN_PROGRESS: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("Students are still taking exams of this year ({count}). Close the year after they submit.", "ما زال طلاب يؤدّون اختبارات هذا العام ({count}). أغلق العام بعد أن يسلّموها."),
  },

  // ---- reporting scales and proficiency levels (issue 35; docs/decisions/0047)
  SCALE_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The reporting scale was not found.", "لم يُعثر على مقياس التقرير."),
  },
  SCALE_REQUIRED_FIELDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A scale and each of its levels need a name in Arabic and English.", "يحتاج المقياس وكل مستوى من مستوياته إلى اسم بالعربية والإنجليزية."),
  },
  SCALE_TAKEN: {
    status: 409,
    title: INVALID_INPUT,
    message: t("This subject and grade already have a reporting scale.", "لهذه المادة وهذا الصف مقياس تقرير بالفعل."),
  },
  SCALE_GRADE_RANGE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The grade must be a whole number from 1 to 12.", "يجب أن يكون الصف عددًا صحيحًا من 1 إلى 12."),
  },
  SCALE_SD_POSITIVE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The standard deviation must be greater than zero.", "يجب أن يكون الانحراف المعياري أكبر من صفر."),
  },
  SCALE_BOUNDS_ORDER: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The lowest score must be below the highest.", "يجب أن تكون أدنى درجة أقل من أعلى درجة."),
  },
  SCALE_LEVEL_COUNT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A scale has from 2 to 10 levels.", "للمقياس من مستويين إلى عشرة مستويات."),
  },
  SCALE_CUTS_ORDER: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "The lowest level has no cut score; each level above it needs one, higher than the level below.",
      "ليس لأدنى مستوى درجة قطع؛ ويحتاج كل مستوى فوقه إلى درجة قطع أعلى من المستوى الذي تحته.",
    ),
  },
  SCALE_CUTS_OUT_OF_BOUNDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("Every cut score must lie within the scale's lowest and highest scores.", "يجب أن تقع كل درجة قطع بين أدنى درجة وأعلى درجة في المقياس."),
  },
  SCALE_CALIBRATION_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The calibration run was not found.", "لم يُعثر على عملية المعايرة."),
  },
  SCALE_CALIBRATION_WRONG_SUBJECT: {
    status: 400,
    title: INVALID_INPUT,
    message: t("This calibration is of an exam in another subject.", "هذه المعايرة لاختبار في مادة أخرى."),
  },
  SCALE_CALIBRATION_NO_ABILITIES: {
    status: 400,
    title: INVALID_INPUT,
    message: t(
      "This calibration has too few abilities of students in the scale's grade to define the scale (at least 2 that differ).",
      "في هذه المعايرة قدرات قليلة جدًا لطلاب صف المقياس لا تكفي لتعريفه (اثنتان مختلفتان على الأقل).",
    ),
  },
  SCALE_NO_REFERENCE: {
    status: 409,
    title: NOT_ALLOWED,
    message: t("Choose the scale's reference calibration before linking to it.", "اختر معايرة المرجع للمقياس قبل الربط به."),
  },
  SCALE_LINK_REFERENCE: {
    status: 400,
    title: INVALID_INPUT,
    message: t("The reference calibration is the scale itself; it is not linked.", "معايرة المرجع هي المقياس نفسه، فلا تُربط به."),
  },
  SCALE_TOO_FEW_ANCHORS: {
    status: 400,
    title: t("Cannot Link", "تعذّر الربط"),
    message: t(
      "Only {count} anchor items are shared with the scale; linking needs at least {minimum}.",
      "عدد بنود الربط المشتركة مع المقياس {count} فقط، والربط يحتاج إلى {minimum} على الأقل.",
    ),
  },

  // ---- skills, reports and development plans (SPEC §3, §4 "Reports and plans", §6, §8 "Results")
  SKILL_REQUIRED_FIELDS: {
    status: 400,
    title: INVALID_INPUT,
    message: t("A skill needs a subject and a name in Arabic and English.", "تحتاج المهارة إلى مادة واسم بالعربية والإنجليزية."),
  },
  SKILL_MISSING: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("The skill was not found.", "لم يُعثر على المهارة."),
  },
  SKILL_NAME_TAKEN: {
    status: 409,
    title: INVALID_INPUT,
    message: t("This subject already has a skill with this name.", "توجد مهارة بهذا الاسم في هذه المادة بالفعل."),
  },
  REPORT_NOT_GRADED: {
    status: 409,
    title: t("Failed to generate report.", "تعذّر إنشاء التقرير."),
    message: t(
      "Reports and plans can be generated once every answer of the attempt is graded.",
      "يمكن إنشاء التقارير والخطط بعد تصحيح جميع إجابات المحاولة.",
    ),
  },
  REPORT_EXISTS: {
    status: 409,
    title: t("Failed to generate report.", "تعذّر إنشاء التقرير."),
    message: t("A report already exists for this attempt.", "يوجد تقرير لهذه المحاولة بالفعل."),
  },
  PLAN_EXISTS: {
    status: 409,
    title: t("Failed to generate development plan.", "تعذّر إنشاء خطة التطوير."),
    message: t("A development plan already exists for this attempt.", "توجد خطة تطوير لهذه المحاولة بالفعل."),
  },
  REPORT_UP_TO_DATE: {
    status: 409,
    title: t("Failed to generate the report again.", "تعذّر إنشاء التقرير من جديد."),
    message: t(
      "The report's figures have not changed since it was generated (or someone has just generated it again). Reload the page to see the latest version.",
      "لم تتغيّر أرقام التقرير منذ إنشائه (أو أنشأه أحدهم من جديد للتو). أعد تحميل الصفحة لرؤية أحدث نسخة.",
    ),
  },
  PLAN_UP_TO_DATE: {
    status: 409,
    title: t("Failed to generate the development plan again.", "تعذّر إنشاء خطة التطوير من جديد."),
    message: t(
      "The plan's figures have not changed since it was generated (or someone has just generated it again). Reload the page to see the latest version.",
      "لم تتغيّر أرقام الخطة منذ إنشائها (أو أنشأها أحدهم من جديد للتو). أعد تحميل الصفحة لرؤية أحدث نسخة.",
    ),
  },
  GROUP_PLAN_NO_ATTEMPTS: {
    status: 409,
    title: t("Failed to generate the group plan.", "تعذّر إنشاء خطة المجموعة."),
    message: t(
      "There are no graded attempts of this exam in this class yet. A group plan is made from graded attempts.",
      "لا توجد بعد محاولات مصحّحة لهذا الاختبار في هذه الشعبة. تُبنى خطة المجموعة على المحاولات المصحّحة.",
    ),
  },
  GROUP_PLAN_UP_TO_DATE: {
    status: 409,
    title: t("Failed to generate the group plan again.", "تعذّر إنشاء خطة المجموعة من جديد."),
    message: t(
      "The group plan's figures have not changed since it was generated (or someone has just generated it again). Reload the page to see the latest version.",
      "لم تتغيّر أرقام خطة المجموعة منذ إنشائها (أو أنشأها أحدهم من جديد للتو). أعد تحميل الصفحة لرؤية أحدث نسخة.",
    ),
  },
  GROUP_PLAN_VERSION_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This version of the group plan was not found. Choose one from the list of versions.", "لم يُعثر على هذه النسخة من خطة المجموعة. اختر نسخة من قائمة النسخ."),
  },
  SKILL_PLAN_UNKNOWN_SKILL: {
    status: 404,
    title: t("Skill not found.", "المهارة غير موجودة."),
    message: t("This skill is not in the skills catalogue. Choose a skill from the dashboard's heatmap.", "هذه المهارة ليست في دليل المهارات. اختر مهارة من جدول إتقان المهارات في لوحة الأداء."),
  },
  REPORT_KEY_WITHHELD: {
    status: 409,
    title: t("Failed to generate report.", "تعذّر إنشاء التقرير."),
    message: t(
      "This exam is still open in other schools. Reports can be generated once it is closed (archived).",
      "ما زال هذا الاختبار متاحًا في مدارس أخرى. يمكن إنشاء التقارير بعد إغلاقه (أرشفته).",
    ),
  },
  REPORT_FORBIDDEN: {
    status: 403,
    title: t("Unauthorized", "غير مصرّح"),
    message: t("You are not authorized to generate reports or plans for this attempt.", "غير مصرّح لك بإنشاء تقارير أو خطط لهذه المحاولة."),
  },
  SCHOOL_REPORT_OTHER_SCHOOL: {
    status: 403,
    title: t("Unauthorized", "غير مصرّح"),
    message: t("You are not authorized to view this result for another school.", "غير مصرّح لك بعرض هذه النتيجة لمدرسة أخرى."),
  },
  JOB_NOT_FOUND: {
    status: 404,
    title: t("Not Found", "غير موجود"),
    message: t("This task was not found.", "لم يُعثر على هذه المهمة."),
  },
} as const satisfies Record<string, TEntry>;

export type TErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

/**
 * Values for a message's {placeholders}, read from where the problem is: "questions.2.options.0" gives
 * n = 3 (the question's number) and m = 1 (the option's or pair's number).
 */
export function issueVars(path: string | (string | number)[]): Record<string, number> {
  const parts = (Array.isArray(path) ? path : path.split(".")).map(String);
  const vars: Record<string, number> = {};
  const q = parts.indexOf("questions");
  if (q >= 0 && /^\d+$/.test(parts[q + 1] ?? "")) vars.n = Number(parts[q + 1]) + 1;
  // The item types' lists too (choices, items to order, a picture's areas: decisions 0057, 0058), so their messages
  // never show a bare "{m}".
  const o = parts.findIndex((p) => ["options", "matchingPairs", "choices", "items", "areas"].includes(p));
  if (o >= 0 && /^\d+$/.test(parts[o + 1] ?? "")) vars.m = Number(parts[o + 1]) + 1;
  const p = parts.indexOf("passages");
  if (p >= 0 && /^\d+$/.test(parts[p + 1] ?? "")) vars.p = Number(parts[p + 1]) + 1;
  return vars;
}

/** A message with its {placeholders} filled. */
export function fillText(text: TText, vars?: Record<string, string | number>): TText {
  if (!vars) return text;
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
  return { en: fill(text.en), ar: fill(text.ar) };
}

/** The body of every failure; its shape is ZErrorBody (a type-only import keeps zod out of pages that only show errors). */
export type TErrorBody = z.infer<typeof ZErrorBody>;

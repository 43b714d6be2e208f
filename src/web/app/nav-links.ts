// The configurable link list of SPEC §2: the header, the mobile menu, the footer's quick links and the home
// page's quick-access grid are all built from this one list. The entry with id "login" is shown as the
// dropdown of the three logins.
import {
  CalendarDays,
  ClipboardCheck,
  FileDown,
  Globe2,
  GraduationCap,
  Home,
  Info,
  LogIn,
  Mail,
  School,
  ShieldCheck,
  Sparkles,
  Wrench,
  type LucideIcon,
} from "lucide-react";

export type TNavLink = {
  id: string;
  path: string;
  labelAr: string;
  labelEn: string;
  icon: LucideIcon;
  descriptionAr?: string;
  descriptionEn?: string;
  children?: TNavLink[];
  /** Shown in the header's main navigation. */
  inHeader?: boolean;
  /** Shown as a card in the home page's quick-access grid. */
  inQuickAccess?: boolean;
};

/** A signed-in user's own account (issue 19): a dashboard section of every role, linked from the menu under their name. */
export const ACCOUNT_PATH = "/dashboard/account";

export const NAV_LINKS: TNavLink[] = [
  { id: "home", path: "/", labelAr: "الرئيسية", labelEn: "Home", icon: Home, inHeader: true },
  {
    id: "features",
    path: "/features",
    labelAr: "المزايا",
    labelEn: "Features",
    icon: Sparkles,
    inHeader: true,
    inQuickAccess: true,
    descriptionAr: "ما الذي تقدّمه منصة قياس للمدارس والطلبة",
    descriptionEn: "What Qias offers schools and students",
  },
  {
    id: "services",
    path: "/services",
    labelAr: "الخدمات",
    labelEn: "Services",
    icon: Wrench,
    inHeader: true,
    inQuickAccess: true,
    descriptionAr: "الاختبارات المعيارية والتقارير وخطط التطوير والتدريب",
    descriptionEn: "Standardized testing, reports, development plans and training",
  },
  { id: "about", path: "/about", labelAr: "من نحن", labelEn: "About", icon: Info, inHeader: true },
  { id: "contact", path: "/contact", labelAr: "تواصل معنا", labelEn: "Contact", icon: Mail, inHeader: true },
  {
    id: "qias-documents",
    path: "/qias-documents/calendar",
    labelAr: "وثائق قياس",
    labelEn: "Qias Documents",
    icon: CalendarDays,
    inQuickAccess: true,
    descriptionAr: "التقويم وجدول الاختبارات",
    descriptionEn: "The calendar and the test schedule",
    children: [
      {
        id: "calendar",
        path: "/qias-documents/calendar",
        labelAr: "التقويم",
        labelEn: "Calendar",
        icon: CalendarDays,
        descriptionAr: "فترات التسجيل والاختبار",
        descriptionEn: "Registration and test periods",
      },
      {
        id: "test-schedule",
        path: "/qias-documents/test-schedule",
        labelAr: "جدول الاختبارات",
        labelEn: "Test Schedule",
        icon: ClipboardCheck,
        descriptionAr: "دورات سبتمبر وفبراير ومايو",
        descriptionEn: "The September, February and May cycles",
      },
    ],
  },
  {
    id: "digital-content",
    path: "/digital-content",
    labelAr: "المحتوى الرقمي",
    labelEn: "Digital Content",
    icon: FileDown,
    inQuickAccess: true,
    descriptionAr: "أدلة ونماذج ومواد تدريبية",
    descriptionEn: "Guides, sample papers and training material",
  },
  {
    id: "external-tests",
    path: "/external-tests",
    labelAr: "الاختبارات الدولية",
    labelEn: "External Tests",
    icon: Globe2,
    inQuickAccess: true,
    descriptionAr: "SAT وIELTS وTOEFL وGMAT",
    descriptionEn: "SAT, IELTS, TOEFL and GMAT",
  },
  {
    id: "login",
    path: "/login/student",
    labelAr: "تسجيل الدخول",
    labelEn: "Login",
    icon: LogIn,
    children: [
      { id: "login-student", path: "/login/student", labelAr: "دخول الطلبة", labelEn: "Student Login", icon: GraduationCap },
      { id: "login-school", path: "/login/school", labelAr: "دخول المدارس والمعلمين", labelEn: "School/Teacher Login", icon: School },
      { id: "login-admin", path: "/login/admin", labelAr: "دخول مدير النظام", labelEn: "System Admin Login", icon: ShieldCheck },
    ],
  },
];

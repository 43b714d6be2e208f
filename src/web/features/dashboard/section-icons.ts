// DASHBOARD_SECTIONS name their icons as strings (shared code has no React); this maps them to components.
// Listing them keeps the bundle small (no import of every lucide icon). Unknown names fall back to a circle.
import {
  BarChart3,
  CalendarClock,
  CalendarRange,
  Circle,
  ClipboardList,
  FileText,
  FolderOpen,
  GraduationCap,
  History,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LayoutGrid,
  Library,
  Mail,
  MessagesSquare,
  PenLine,
  Plug,
  Ruler,
  School,
  ShieldCheck,
  Target,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  BarChart3,
  CalendarClock,
  CalendarRange,
  ClipboardList,
  FileText,
  FolderOpen,
  GraduationCap,
  History,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LayoutGrid,
  Library,
  Mail,
  MessagesSquare,
  PenLine,
  Plug,
  Ruler,
  School,
  ShieldCheck,
  Target,
  UserRound,
  Users,
};

export function sectionIcon(name: string): LucideIcon {
  return ICONS[name] ?? Circle;
}

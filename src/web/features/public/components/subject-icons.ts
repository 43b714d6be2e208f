import { BookOpenText, Earth, MoonStar, type LucideIcon } from "lucide-react";
import type { SUBJECTS } from "@shared/subjects";

export const SUBJECT_ICONS: Record<(typeof SUBJECTS)[number]["id"], LucideIcon> = {
  arabic: BookOpenText,
  islamic: MoonStar,
  social: Earth,
};

// The take and results pages use the app's standalone frame.
export { PageFrame } from "@web/components/layout/page-frame";

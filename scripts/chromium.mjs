// Finds a Chromium for the browser tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own.
import fs from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  for (const p of candidates) if (fs.existsSync(p)) return p;
  return null;
}

export async function findPlaywrightChromium() {
  try {
    const { chromium } = await import("@playwright/test");
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

export const HOW_TO_GET_CHROMIUM =
  "No Chromium found for the browser tests: install Debian's (sudo apt-get install -y chromium), or set CHROMIUM_PATH to a Chromium binary.";

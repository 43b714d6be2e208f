// The app (index.html → main.tsx) and the prerendered public pages (public.html → public-main.tsx) are two Vite
// entries (decision 0008). Their HTML must not drift apart: the same head (language, theme script, icons,
// description) and the same root, with only the entry script differing.
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const read = (name: string) => fs.readFileSync(new URL(`./${name}`, import.meta.url), "utf8");

describe("the two HTML entries", () => {
  it("differ only in the script they load", () => {
    const app = read("index.html");
    const pub = read("public.html");
    expect(app).toContain('<script type="module" src="./main.tsx"></script>');
    expect(pub).toContain('<script type="module" src="./public-main.tsx"></script>');
    expect(pub.replace("./public-main.tsx", "./main.tsx")).toBe(app);
  });
});

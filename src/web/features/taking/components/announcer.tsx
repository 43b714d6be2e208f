// The take page's two live regions (issue 37): always in the page, so a message is heard the first time; emptied for
// a moment before each message, so the same words said twice (question 3 flagged, unflagged, flagged) are heard
// twice. What is said when is lib/announcer.ts.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { TAnnouncement } from "../lib/announcer";
import { useTakingT } from "../lib/use-taking-t";

const CLEAR_MS = 50;

export function useAnnouncer() {
  const { t } = useTakingT();
  const [polite, setPolite] = useState("");
  const [assertive, setAssertive] = useState("");
  const timers = useRef<{ polite?: number; assertive?: number }>({});
  useEffect(() => () => Object.values(timers.current).forEach((id) => clearTimeout(id)), []);

  const announce = useCallback(
    (a: TAnnouncement) => {
      const text = t(a.key, a.options ?? {});
      const level = a.assertive ? "assertive" : "polite";
      const set = a.assertive ? setAssertive : setPolite;
      clearTimeout(timers.current[level]);
      set("");
      timers.current[level] = window.setTimeout(() => set(text), CLEAR_MS);
    },
    [t],
  );

  const regions = useMemo(
    () => (
      <>
        <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer-polite">
          {polite}
        </div>
        <div className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="announcer-assertive">
          {assertive}
        </div>
      </>
    ),
    [polite, assertive],
  );
  return { announce, regions };
}

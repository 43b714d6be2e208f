// The lobby (issue 16): before a sitting's start the student waits here with a countdown by the server's clock.
// At the start each lobby asks for the paper at a random moment within LOBBY_SPREAD_MS, so a whole school's
// devices do not all ask in the same millisecond; a device whose estimate ran early is told "not yet" and asks
// again. Entering after the last entry, or after the end, is said plainly, with the way back.
import { ArrowLeft, CalendarClock, DoorClosed, Hourglass } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { LOBBY_SPREAD_MS } from "@shared/limits";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import type { TReceivedLobby } from "../api";
import { ExamChips } from "./exam-chips";
import { useCountdown } from "../lib/use-countdown";
import { formatClock, formatDateTime, pick, useTakingT } from "../lib/use-taking-t";

export function Lobby({ lobby, onStart }: { lobby: TReceivedLobby; onStart: () => void }) {
  const { t, lang } = useTakingT();
  const sitting = lobby.sitting!;
  const seconds = useCountdown(sitting.startsAt, lobby.serverNow, lobby.receivedAt) ?? 0;
  const started = seconds === 0;
  useEffect(() => {
    if (!started) return;
    const id = setTimeout(onStart, Math.random() * LOBBY_SPREAD_MS);
    return () => clearTimeout(id);
  }, [started, onStart]);
  // Announced once a minute in the last ten, then at the start: not every second.
  const minutesLeft = Math.ceil(seconds / 60);
  const announcement = started ? t("lobby.opening") : minutesLeft <= 10 ? t("lobby.startsInMinutes", { count: minutesLeft }) : "";
  const [announced, setAnnounced] = useState("");
  useEffect(() => setAnnounced(announcement), [announcement]);

  return (
    <Card className="mx-auto flex w-full max-w-2xl flex-col items-center gap-5 p-6 text-center sm:p-10" data-testid="lobby">
      <span className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground">
        <Hourglass aria-hidden="true" className="size-7" />
      </span>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-primary">{t("lobby.kicker")}</p>
        <h1 className="text-2xl leading-snug font-bold sm:text-3xl" data-testid="lobby-title">
          <bdi>{pick(lang, lobby.exam.titleAr, lobby.exam.titleEn)}</bdi>
        </h1>
      </div>
      <ExamChips
        subject={{ nameAr: lobby.exam.subjectAr, nameEn: lobby.exam.subjectEn }}
        durationMinutes={lobby.exam.durationMinutes}
        questionCount={lobby.exam.questionCount}
        className="justify-center"
      />
      <div className="flex w-full flex-col items-center gap-1 rounded-2xl border border-border bg-muted/50 px-4 py-5">
        {started ? (
          <div className="flex items-center gap-3 py-2 text-lg font-semibold" data-testid="lobby-opening">
            <Spinner />
            {t("lobby.opening")}
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t("lobby.startsIn")}</p>
            <p role="timer" aria-label={t("lobby.startsIn")} dir="ltr" className="font-mono text-4xl font-bold tabular-nums sm:text-5xl" data-testid="lobby-countdown">
              {formatClock(seconds)}
            </p>
          </>
        )}
      </div>
      <dl className="grid w-full gap-2 text-sm sm:grid-cols-2">
        <div className="flex flex-col items-center gap-0.5 rounded-xl border border-border p-3">
          <dt className="text-muted-foreground">{t("lobby.startsAt")}</dt>
          <dd className="font-semibold" data-testid="lobby-starts-at">
            {formatDateTime(lang, sitting.startsAt)}
          </dd>
        </div>
        <div className="flex flex-col items-center gap-0.5 rounded-xl border border-border p-3">
          <dt className="text-muted-foreground">{t("lobby.lastEntry")}</dt>
          <dd className="font-semibold">{formatDateTime(lang, sitting.entryClosesAt)}</dd>
        </div>
      </dl>
      <p className="max-w-md text-sm text-muted-foreground">{t("lobby.hint")}</p>
      <p className="sr-only" aria-live="polite" data-testid="lobby-announcement">
        {announced}
      </p>
    </Card>
  );
}

/** After the last entry (and no attempt), or after the end of the sitting. */
export function EntryClosed({ state, lobby }: { state: "closed" | "ended"; lobby?: TReceivedLobby }) {
  const { t, lang } = useTakingT();
  return (
    <Card role="alert" className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 p-8 text-center" data-testid="entry-closed" data-state={state}>
      <span className="grid size-12 place-items-center rounded-2xl bg-muted text-muted-foreground">
        {state === "closed" ? <DoorClosed aria-hidden="true" className="size-6" /> : <CalendarClock aria-hidden="true" className="size-6" />}
      </span>
      {lobby && (
        <p className="font-medium">
          <bdi>{pick(lang, lobby.exam.titleAr, lobby.exam.titleEn)}</bdi>
        </p>
      )}
      <h1 className="text-xl font-bold">{state === "closed" ? t("lobby.closedTitle") : t("lobby.endedTitle")}</h1>
      <p className="max-w-md text-muted-foreground">{state === "closed" ? t("lobby.closedBody") : t("lobby.endedBody")}</p>
      <Button variant="outline" asChild>
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          {t("lobby.back")}
        </Link>
      </Button>
    </Card>
  );
}

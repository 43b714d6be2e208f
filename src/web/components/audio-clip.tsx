// A listening clip (issue 18): play and pause with buttons (Space and Enter on them, as any button), the time heard
// and the length, and — when the author limited it — the plays left, counted by the server as each play starts
// (onStartPlay), so a reload or a second device gives none back. A limited clip cannot be wound back: a play is
// from the start to the end, with pauses, and its bytes come from that play's own short-lived address (decision 0034).
import { FileText, Headphones, Pause, Play, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import i18n from "@web/lib/i18n";
import { cn } from "@web/lib/utils";
import { imageUrl } from "./exam-image";
import { pickRich } from "./rich-text";

type TProps = {
  /** `seconds`: the length the server read from the clip, shown before a counted play fetches anything. */
  clip: { id: string; maxPlays: number | null; seconds?: number | null };
  lang: "ar" | "en";
  /** Plays already taken in this attempt. */
  plays?: number;
  /** Counts a play with the server before it starts; resolves with the plays taken and the play's own address
   *  (null: the clip's ordinary one), rejects when none is left. Without it a limited clip is counted in the page
   *  and heard from its ordinary address (the staff's preview). */
  onStartPlay?: () => Promise<{ plays: number; url: string | null }>;
  /** The clip's words, for a student who cannot hear it (an accommodation): shown open beneath the player. */
  transcript?: { ar: string; en: string };
  className?: string;
};

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

export function AudioClip({ clip, lang, plays: initialPlays = 0, onStartPlay, transcript, className }: TProps) {
  const t = i18n.getFixedT(lang, "taking");
  const audio = useRef<HTMLAudioElement>(null);
  const [plays, setPlays] = useState(initialPlays);
  const [playing, setPlaying] = useState(false);
  const [midPlay, setMidPlay] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(clip.seconds ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setPlays((p) => Math.max(p, initialPlays)), [initialPlays]);

  const limited = clip.maxPlays !== null;
  const left = limited ? Math.max(0, clip.maxPlays! - plays) : null;
  const usedUp = limited && !midPlay && left === 0;
  // A counted clip has no address until a play gives it one: its ordinary address is refused to a student.
  const counted = limited && !!onStartPlay;

  const toggle = async () => {
    const el = audio.current;
    if (!el) return;
    if (playing) return el.pause();
    setError(null);
    if (!midPlay) {
      // A new play: counted first, from the start.
      // Without a server to count (the editor's preview), the page counts.
      if (limited && !onStartPlay) setPlays((p) => p + 1);
      if (limited && onStartPlay) {
        setBusy(true);
        try {
          const play = await onStartPlay();
          setPlays(play.plays);
          if (play.url) el.src = play.url;
        } catch {
          setError(t("audio.noPlaysLeft"));
          setPlays(clip.maxPlays!);
          return;
        } finally {
          setBusy(false);
        }
      }
      el.currentTime = 0;
    }
    await el.play().catch(() => setError(t("audio.cannotPlay")));
  };

  return (
    <div className={cn("flex flex-col gap-2 rounded-xl border border-border bg-muted/40 p-3", className)} data-testid="audio-clip" data-plays={plays}>
      <audio
        ref={audio}
        src={counted ? undefined : imageUrl(clip.id)}
        preload={counted ? "none" : "metadata"}
        onPlay={() => {
          setPlaying(true);
          setMidPlay(true);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setMidPlay(false);
          setTime(0);
        }}
        onError={() => {
          // A counted play whose address has run out (a pause far longer than the clip) ends here; the next is counted.
          if (!counted || !midPlay) return;
          setPlaying(false);
          setMidPlay(false);
          setTime(0);
          setError(t("audio.playEnded"));
        }}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Headphones aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <button
          type="button"
          onClick={() => void toggle()}
          disabled={busy || usedUp}
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          data-testid="audio-toggle"
        >
          {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
          {playing ? t("audio.pause") : midPlay ? t("audio.resume") : t("audio.play")}
        </button>
        {!limited && midPlay && (
          <button
            type="button"
            onClick={() => {
              if (audio.current) audio.current.currentTime = 0;
            }}
            className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-link outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t("audio.restart")}
          </button>
        )}
        <span className="text-sm text-muted-foreground tabular-nums" dir="ltr">
          {clock(time)} / {duration ? clock(duration) : "–:––"}
        </span>
        {limited && (
          <span className="ms-auto rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-accent-foreground" aria-live="polite" data-testid="audio-plays-left">
            {left === 0 && !midPlay ? t("audio.noPlaysLeft") : t("audio.playsLeft", { count: left ?? 0 })}
          </span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={t("audio.progress")}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        className="h-1.5 overflow-hidden rounded-full bg-border"
      >
        <div className="h-full bg-primary transition-[width] motion-reduce:transition-none" style={{ width: duration ? `${(time / duration) * 100}%` : "0%" }} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      {transcript && <Transcript transcript={transcript} lang={lang} label={t("audio.transcript")} />}
    </div>
  );
}

/** The transcript in the page's language, or in the other when the author wrote only that one. */
function Transcript({ transcript, lang, label }: { transcript: { ar: string; en: string }; lang: "ar" | "en"; label: string }) {
  const shown = pickRich(lang, { text: transcript.ar, doc: null }, { text: transcript.en, doc: null });
  if (!shown.text.trim()) return null;
  return (
    <details open className="group rounded-lg border border-border bg-card px-3 py-2 text-sm" data-testid="audio-transcript">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {label}
      </summary>
      <p lang={shown.lang} dir={shown.lang === "ar" ? "rtl" : "ltr"} className="mt-2 leading-relaxed whitespace-pre-line text-start">
        {shown.text}
      </p>
    </details>
  );
}

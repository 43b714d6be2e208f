// Read-aloud (issue 37): a question and its options spoken by the browser's speech synthesis in the language the
// paper shows them in, when the exam's author allows it. Arabic voices are missing on many systems: with no voice
// for the language the button says so plainly, rather than reading Arabic with an English voice.
import { Volume2, VolumeX, Square } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { cn } from "@web/lib/utils";
import { useTakingT, type TLang } from "./use-taking-t";

/** The first voice of the language ("ar", "ar-SA", "ar_EG" all read Arabic), or none. */
export function voiceFor<T extends Pick<SpeechSynthesisVoice, "lang">>(voices: readonly T[], lang: TLang): T | null {
  return voices.find((v) => v.lang.toLowerCase().replace("_", "-").split("-")[0] === lang) ?? null;
}

const synth = () => (typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null);

function subscribeVoices(onChange: () => void) {
  const s = synth();
  s?.addEventListener("voiceschanged", onChange);
  return () => s?.removeEventListener("voiceschanged", onChange);
}
// getVoices() returns a new array each call: the snapshot is its languages, which compare as a string.
const voiceLangs = () => (synth()?.getVoices() ?? []).map((v) => v.lang).join(",");

type TReadAloud = { speaking: string | null; speak: (id: string, text: string, lang: TLang) => void; stop: () => void; voices: SpeechSynthesisVoice[] };
const ReadAloudContext = createContext<TReadAloud | null>(null);

/** Read-aloud for the page below, when the exam allows it; stops speaking when the page goes. */
export function ReadAloudProvider({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const langs = useSyncExternalStore(subscribeVoices, voiceLangs, () => "");
  const voices = useMemo(() => (langs ? (synth()?.getVoices() ?? []) : []), [langs]);
  const [speaking, setSpeaking] = useState<string | null>(null);
  const stop = useCallback(() => {
    synth()?.cancel();
    setSpeaking(null);
  }, []);
  const speak = useCallback(
    (id: string, text: string, lang: TLang) => {
      const s = synth();
      const voice = voiceFor(voices, lang);
      if (!s || !voice) return;
      s.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.onend = utterance.onerror = () => setSpeaking((now) => (now === id ? null : now));
      setSpeaking(id);
      s.speak(utterance);
    },
    [voices],
  );
  useEffect(() => () => synth()?.cancel(), []);
  const value = useMemo(() => ({ speaking, speak, stop, voices }), [speaking, speak, stop, voices]);
  return allowed ? <ReadAloudContext.Provider value={value}>{children}</ReadAloudContext.Provider> : <>{children}</>;
}

/** A question's read-aloud button: nothing where the exam does not allow it. */
export function ReadAloudButton({ id, text, lang }: { id: string; text: string; lang: TLang }) {
  const { t } = useTakingT();
  const readAloud = useContext(ReadAloudContext);
  if (!readAloud) return null;
  const voice = voiceFor(readAloud.voices, lang);
  const on = readAloud.speaking === id;
  const base = "inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-xs font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring";
  if (!voice) {
    // Focusable, so that a screen reader's user hears why there is no reading; it does nothing.
    return (
      <button type="button" aria-disabled="true" className={cn(base, "cursor-not-allowed border-dashed border-input-border text-muted-foreground")} data-testid="read-aloud" data-voice="none">
        <VolumeX aria-hidden="true" className="size-3.5" />
        {t(`readAloud.noVoice.${lang}`)}
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => (on ? readAloud.stop() : readAloud.speak(id, text, lang))}
      className={cn(base, on ? "border-primary bg-accent text-accent-foreground" : "border-input-border text-muted-foreground hover:bg-muted hover:text-foreground")}
      data-testid="read-aloud"
    >
      {on ? <Square aria-hidden="true" className="size-3.5" /> : <Volume2 aria-hidden="true" className="size-3.5 rtl:-scale-x-100" />}
      {on ? t("readAloud.stop") : t("readAloud.read")}
    </button>
  );
}

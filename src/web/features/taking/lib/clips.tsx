// The attempt's listening clips (issue 18): how many plays each limited clip has had, the way to start one, and
// their transcripts for a student who cannot hear — given once by the take page to every clip it plays.
import { createContext, useContext, type ReactNode } from "react";
import { AudioClip } from "@web/components/audio-clip";

type TClips = { plays: Record<string, number>; start: (mediaId: string) => Promise<{ plays: number; url: string | null }>; transcripts: Record<string, { ar: string; en: string }> };
const ClipsContext = createContext<TClips | null>(null);
export const ClipsProvider = ({ value, children }: { value: TClips; children: ReactNode }) => <ClipsContext.Provider value={value}>{children}</ClipsContext.Provider>;

/** A clip of the paper, counted against the attempt when it is limited. */
export function PaperClip({ clip, lang, className }: { clip: { id: string; maxPlays: number | null; seconds: number | null }; lang: "ar" | "en"; className?: string }) {
  const clips = useContext(ClipsContext);
  return (
    <AudioClip
      clip={clip}
      lang={lang}
      plays={clips?.plays[clip.id] ?? 0}
      onStartPlay={clips ? () => clips.start(clip.id) : undefined}
      transcript={clips?.transcripts[clip.id]}
      className={className}
    />
  );
}

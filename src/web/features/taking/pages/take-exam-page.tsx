// /student/exam/:examId/take (students only; the route guard sends anyone else to the student login), in focus
// mode: no site header, navigation or links out; leaving or reloading asks first (issue 16). Opening it asks
// where the student stands with the exam's sitting: before the start they wait in the lobby, which opens the
// paper by itself at the start; after the last entry or the end they are told so. Then it fetches the paper and
// creates or resumes the attempt; a completed attempt goes to its results with
// the 'already completed' message, an exam that is not offered back to the dashboard. Answers are kept on the
// device at once and sent in the background (lib/answer-sync.ts); the countdown follows the server's clock and
// submits by itself at zero; submitting asks first, sends what is pending (waiting for the connection when it
// must), then submits.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AArrowDown, AArrowUp, Contrast, Minus, Plus, RectangleHorizontal, Send } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useBlocker, useNavigate, useParams } from "react-router";
import { HEARTBEAT_SECONDS } from "@shared/limits";
import type { TPaper } from "@shared/schemas/attempt";
import { Button } from "@web/components/ui/button";
import { toast, toastError } from "@web/components/ui/use-toast";
import { isApiError, type ApiError } from "@web/lib/api";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { formatPercent } from "@web/lib/format";
import { FocusFrame } from "@web/components/layout/focus-frame";
import { ConfirmDialog } from "@web/features/exams/components/confirm-dialog";
import { attemptQuery, lobbyQuery, paperQuery, reportConnection, resultsPath, saveAnswer, saveAnswers, sendHeartbeat, startPlay, submitAttempt, type TReceivedAttempt } from "../api";
import { ClipsProvider, PaperClip } from "../lib/clips";
import { ExamTimer } from "../components/exam-timer";
import { EntryClosed, Lobby } from "../components/lobby";
import { ExamChips } from "../components/exam-chips";
import { QuestionCard, type TAnswerChange } from "../components/question-card";
import { goToQuestion, QuestionNavigator } from "../components/question-navigator";
import { useReviewMarks } from "../lib/review-marks";
import { LINE_READER_HEIGHTS, TEXT_SCALES, useTakeTools } from "../lib/take-tools";
import { LineReader } from "../components/line-reader";
import { useAnnouncer } from "../components/announcer";
import { saveAnnouncement, timeAnnouncement } from "../lib/announcer";
import { ReadAloudProvider } from "../lib/read-aloud";
import { SaveStatus } from "../components/save-status";
import { ErrorState, LoadingState } from "@web/components/ui/states";
import { SubmitDialog, type TSubmitPhase, type TSubmitStep } from "../components/submit-dialog";
import { AnswerSync, clearStoredAttempt, isClosedError, isTransient } from "../lib/answer-sync";
import { AttemptJournal, type TJournalData } from "../lib/offline-journal";
import { dropOfflineCopy, primeOffline, registerOfflineWorker } from "../lib/offline-worker";
import { isAnswered, paperBlocks } from "../lib/answers";
import { PassagePanel } from "@web/components/passage-panel";
import { useCountdown } from "../lib/use-countdown";
import { failureToast, pick, successToast, takingText, useTakingT } from "../lib/use-taking-t";

/** The pause in typing after which a written answer is sent. */
const TYPING_DEBOUNCE_MS = 600;
const MAX_SUBMIT_BACKOFF_MS = 30_000;

export function TakeExamPage() {
  const { examId = "" } = useParams();
  return <TakeExam key={examId} examId={examId} />;
}

export default TakeExamPage;

function TakeExam({ examId }: { examId: string }) {
  const { t, lang } = useTakingT();
  const navigate = useNavigate();
  // The lobby lets the student in at the start (by the server's clock); the server refuses the paper before it.
  const [admitted, setAdmitted] = useState(false);
  // While waiting, the page asks again every heartbeat: the proctor's live view counts it present only while it
  // does (and a moved start reaches the countdown).
  const lobby = useQuery({ ...lobbyQuery(examId), refetchInterval: (q) => (!admitted && q.state.data?.state === "lobby" ? HEARTBEAT_SECONDS * 1000 : false) });
  // A failed ask while waiting (the network, a busy server) leaves the student in the lobby; the next one may pass.
  const lobbyError = lobby.data && !(isApiError(lobby.error) && lobby.error.status > 0 && lobby.error.status < 500) ? null : lobby.error;
  const admit = useCallback(() => setAdmitted(true), []);
  const open = lobby.data?.state === "open" || admitted;
  const paper = useQuery({ ...paperQuery(examId), enabled: open });
  const attempt = useQuery({ ...attemptQuery(examId), enabled: open });
  const error = lobbyError ?? attempt.error ?? paper.error ?? null;
  const redirects = isApiError(error, "ATTEMPT_ALREADY_COMPLETED") || isApiError(error, "EXAM_NOT_AVAILABLE");
  const examTitle = paper.data ? pick(lang, paper.data.titleAr, paper.data.titleEn) : lobby.data ? pick(lang, lobby.data.exam.titleAr, lobby.data.exam.titleEn) : null;
  useDocumentTitle(examTitle ?? t("take.pageTitle"));

  // The offline copy (issue 37): the worker, and the lobby as the server gave it, from the lobby on.
  useEffect(() => {
    if (!lobby.data || lobby.data.state === "closed" || lobby.data.state === "ended") return;
    void registerOfflineWorker()
      .then(() => primeOffline(examId, { lobby: lobby.data }))
      .catch(() => {});
  }, [examId, lobby.data]);

  const handled = useRef(false);
  useEffect(() => {
    if (!error || handled.current || isApiError(error, "SITTING_ENTRY_CLOSED") || isApiError(error, "SITTING_ENDED")) return;
    handled.current = true;
    if (isApiError(error, "ATTEMPT_ALREADY_COMPLETED")) {
      const id = error.body.details?.attemptId;
      toastError(error);
      void navigate(typeof id === "string" ? resultsPath(id) : "/dashboard", { replace: true });
    } else if (isApiError(error, "EXAM_NOT_AVAILABLE")) {
      toastError(error);
      void navigate("/dashboard", { replace: true });
    } else {
      failureToast(error, attempt.error ? "take.startFailed" : "take.loadFailed");
    }
  }, [error, attempt.error, navigate]);

  const body = (() => {
    if (paper.data && attempt.data) return <JournalledSession key={attempt.data.id} paper={paper.data} attempt={attempt.data} />;
    // The entry closed while the student waited, or before they came.
    if (isApiError(error, "SITTING_ENTRY_CLOSED") || lobby.data?.state === "closed") return <EntryClosed state="closed" lobby={lobby.data} />;
    if (isApiError(error, "SITTING_ENDED") || lobby.data?.state === "ended") return <EntryClosed state="ended" lobby={lobby.data} />;
    if (error && !redirects) {
      return (
        <ErrorState
          title={t("take.loadFailed")}
          error={error}
          testId="take-error"
          onRetry={() => {
            handled.current = false;
            if (lobby.isError) void lobby.refetch();
            if (paper.isError) void paper.refetch();
            if (attempt.isError) void attempt.refetch();
          }}
        />
      );
    }
    if (lobby.data?.state === "lobby" && !admitted) return <Lobby lobby={lobby.data} onStart={admit} />;
    return <LoadingState label={t("take.loading")} testId="take-loading" />;
  })();
  // A paper with passages sets text and questions side by side: it takes a wider page.
  return (
    <FocusFrame label={examTitle ? <bdi>{examTitle}</bdi> : undefined} wide={!!paper.data?.passages.length}>
      {body}
    </FocusFrame>
  );
}

/** Resolves when the browser is back online, or after a backoff when it thinks it is online already. */
function waitToRetry(attemptNo: number, isAlive: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (!isAlive()) return resolve();
    if (!navigator.onLine) {
      window.addEventListener("online", () => resolve(), { once: true });
      return;
    }
    setTimeout(resolve, Math.min(MAX_SUBMIT_BACKOFF_MS, 1000 * 2 ** attemptNo));
  });
}

/** Reads what the device holds of the attempt (encrypted in IndexedDB, issue 37) before the session starts. */
function JournalledSession({ paper, attempt }: { paper: TPaper; attempt: TReceivedAttempt }) {
  const { t } = useTakingT();
  const [journal] = useState(() => new AttemptJournal(attempt.id));
  const [stored, setStored] = useState<TJournalData | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void journal.read(attempt.examId).then((data) => live && setStored(data));
    return () => {
      live = false;
    };
  }, [journal, attempt.examId]);
  if (stored === undefined) return <LoadingState label={t("take.loading")} testId="take-loading" />;
  return <ExamSession paper={paper} attempt={attempt} journal={journal} stored={stored} />;
}

function ExamSession({ paper, attempt, journal, stored }: { paper: TPaper; attempt: TReceivedAttempt; journal: AttemptJournal; stored: TJournalData | null }) {
  const { t, lang } = useTakingT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const title = pick(lang, paper.titleAr, paper.titleEn);
  const description = pick(lang, paper.descriptionAr ?? "", paper.descriptionEn ?? "");

  // The latest "the server closed this attempt" handler, for the sync created once below.
  const onClosedRef = useRef<(error: ApiError) => void>(() => {});
  // The server's clock as last heard (device time + offset): each change is stamped with it (issue 37).
  const offsetRef = useRef(Date.parse(attempt.serverNow) - attempt.receivedAt);
  const [sync] = useState(() => {
    const s = new AnswerSync({
      attemptId: attempt.id,
      examId: attempt.examId,
      debounceMs: TYPING_DEBOUNCE_MS,
      send: (questionId, body) => saveAnswer(attempt.id, questionId, body),
      sendBatch: (entries) => saveAnswers(attempt.id, attempt.examId, entries),
      onClosed: (error) => onClosedRef.current(error),
      // A refused save is shown on its question and in the status, not in a toast that would cover the paper.
      journal,
      serverNow: () => Date.now() + offsetRef.current,
    });
    s.load(attempt.answers, paper.questions.map((q) => q.id), stored);
    return s;
  });
  useEffect(() => {
    sync.start();
    return () => sync.stop();
  }, [sync]);
  // From now on the paper opens, reloads and keeps working with no network (issue 37).
  useEffect(() => {
    void registerOfflineWorker()
      .then(() => primeOffline(attempt.examId, { paper, attempt }))
      .catch(() => {});
  }, [paper, attempt]);
  const snap = useSyncExternalStore(sync.subscribe, sync.getSnapshot, sync.getSnapshot);
  const onChange = useCallback<TAnswerChange>((id, value, options) => sync.set(id, value, options), [sync]);
  // Limited clips: the plays the attempt has had, counted by the server as each play starts.
  const clips = useMemo(
    () => ({ plays: attempt.plays, start: (mediaId: string) => startPlay(attempt.id, mediaId), transcripts: attempt.transcripts }),
    [attempt.id, attempt.plays, attempt.transcripts],
  );

  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // Leaving the page mid-exam asks first (a reload too); leaving for the results does not.
  const leaving = useRef(false);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && currentLocation.pathname !== nextLocation.pathname);

  const leaveForResults = useCallback(() => {
    leaving.current = true;
    sync.stop();
    void journal.wipe();
    void clearStoredAttempt(attempt.id);
    void dropOfflineCopy(attempt.examId);
    void queryClient.invalidateQueries({ queryKey: ["taking", "overview"] });
    void queryClient.invalidateQueries({ queryKey: ["taking", "result", attempt.id] });
    void navigate(resultsPath(attempt.id), { replace: true });
  }, [sync, journal, attempt.id, attempt.examId, queryClient, navigate]);

  // TIME_UP or ATTEMPT_ALREADY_COMPLETED on a save or on submit: the server has closed the attempt.
  const closedOnce = useRef(false);
  const onClosed = useCallback(
    (error: ApiError) => {
      if (closedOnce.current) return;
      closedOnce.current = true;
      toastError(error);
      leaveForResults();
    },
    [leaveForResults],
  );
  useEffect(() => {
    onClosedRef.current = onClosed;
  }, [onClosed]);

  // ---- submitting

  const [phase, setPhase] = useState<TSubmitPhase>({ kind: "idle" });
  const submitting = useRef(false);

  const submit = useCallback(
    async (auto: boolean) => {
      if (submitting.current || sync.isClosed) return;
      submitting.current = true;
      let step: TSubmitStep = "saving";
      const show = (next: TSubmitStep) => {
        step = next;
        setPhase({ kind: "sending", step, auto, pending: sync.getSnapshot().pending });
      };
      // While the answers go out, say when it is the connection we are waiting for.
      const showSaving = () => show(sync.getSnapshot().state === "offline" ? "waiting" : "saving");
      showSaving();
      const unsubscribe = sync.subscribe(() => {
        if (step !== "finishing") showSaving();
      });
      try {
        await sync.flush();
      } catch {
        return; // closed by the server: onClosed has taken the student to the results.
      } finally {
        unsubscribe();
      }
      for (let n = 0; alive.current; n++) {
        show("finishing");
        try {
          await submitAttempt(attempt.id, auto);
          break;
        } catch (error) {
          if (isClosedError(error)) return onClosed(error);
          if (isTransient(error)) {
            show("waiting");
            await waitToRetry(n, () => alive.current);
            continue;
          }
          failureToast(error, "submit.failed");
          submitting.current = false;
          setPhase({ kind: "idle" });
          return;
        }
      }
      if (!alive.current) return;
      // After an automatic submit the student should still read why it happened.
      if (auto) toast({ variant: "destructive", title: takingText("submit.timeUpTitle"), description: takingText("submit.timeUpDone") });
      else successToast("submit.success");
      leaveForResults();
    },
    [sync, attempt.id, onClosed, leaveForResults],
  );

  // ---- the clock, and signs of life

  // The deadline moves when a teacher grants time: the heartbeat brings the new one.
  const [clock, setClock] = useState(() => ({
    deadlineAt: attempt.deadlineAt,
    serverNow: attempt.serverNow,
    receivedAt: attempt.receivedAt,
    extraMinutes: attempt.extraMinutes,
    grantedMinutes: attempt.grantedMinutes,
  }));
  const beat = useCallback(async () => {
    try {
      const hb = await sendHeartbeat(attempt.id, sync.getSnapshot().pending);
      const receivedAt = Date.now();
      offsetRef.current = Date.parse(hb.serverNow) - receivedAt;
      setClock((before) => {
        if (hb.grantedMinutes > before.grantedMinutes) {
          toast({ variant: "success", title: takingText("take.timeGranted", { count: hb.grantedMinutes - before.grantedMinutes }) });
        }
        return { ...hb, receivedAt };
      });
      return hb;
    } catch (error) {
      if (isClosedError(error)) onClosed(error);
      return null;
    }
  }, [attempt.id, onClosed, sync]);
  useEffect(() => {
    const id = setInterval(() => void beat(), HEARTBEAT_SECONDS * 1000);
    return () => clearInterval(id);
  }, [beat]);

  // The connection going and coming back is part of the attempt's trail, reported once it is back.
  useEffect(() => {
    const offsetMs = Date.parse(attempt.serverNow) - attempt.receivedAt;
    const serverNowIso = () => new Date(Date.now() + offsetMs).toISOString();
    let wentAt: string | null = null;
    const onOffline = () => {
      wentAt ??= serverNowIso();
    };
    const onOnline = () => {
      if (!wentAt) return;
      const at = wentAt;
      wentAt = null;
      void reportConnection(attempt.id, "offline", at)
        .then(() => reportConnection(attempt.id, "online", serverNowIso()))
        .catch(() => {});
    };
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, [attempt.id, attempt.serverNow, attempt.receivedAt]);

  const seconds = useCountdown(clock.deadlineAt, clock.serverNow, clock.receivedAt);
  const timeUp = useRef(false);
  useEffect(() => {
    if (seconds !== 0 || timeUp.current || submitting.current) return;
    timeUp.current = true;
    void (async () => {
      // Time granted in the last half minute has not reached the timer yet: ask before submitting.
      const hb = await beat();
      if (hb?.deadlineAt && Date.parse(hb.deadlineAt) - Date.parse(hb.serverNow) > 2000) {
        timeUp.current = false;
        return;
      }
      // Offline (issue 37): the paper closes all the same; the answers go when the connection returns.
      const offline = !navigator.onLine || sync.getSnapshot().state === "offline";
      toast({ variant: "destructive", title: takingText("submit.timeUpTitle"), description: takingText(offline ? "submit.timeUpOffline" : "submit.timeUpBody") });
      void submit(true);
    })();
  }, [seconds, submit, beat, sync]);
  const extraMinutes = clock.extraMinutes + clock.grantedMinutes;

  const { marks, onToggleFlag: toggleFlagMark, onToggleStrike } = useReviewMarks(attempt.id);
  const { tools, larger, smaller, toggleContrast, toggleLineReader, taller, shorter } = useTakeTools(attempt.accommodations);

  // ---- what a screen reader hears (lib/announcer.ts)
  const { announce, regions } = useAnnouncer();
  const timeSaid = useRef<number[]>([]);
  useEffect(() => {
    const next = timeAnnouncement(seconds, timeSaid.current);
    timeSaid.current = next.done;
    if (next.say) announce(next.say);
  }, [seconds, announce]);
  const saveWas = useRef({ state: snap.state, troubled: false });
  useEffect(() => {
    const next = saveAnnouncement(saveWas.current.state, snap.state, saveWas.current.troubled);
    saveWas.current = { state: snap.state, troubled: next.troubled };
    if (next.say) announce(next.say);
  }, [snap.state, announce]);
  const flaggedIds = useRef(marks.flagged);
  flaggedIds.current = marks.flagged;
  const onToggleFlag = useCallback(
    (questionId: string) => {
      const n = paper.questions.findIndex((q) => q.id === questionId) + 1;
      announce({ key: flaggedIds.current.includes(questionId) ? "announce.unflagged" : "announce.flagged", options: { n } });
      toggleFlagMark(questionId);
    },
    [paper.questions, announce, toggleFlagMark],
  );
  const announcePosition = useCallback((n: number) => announce({ key: "announce.position", options: { n, total: paper.questions.length } }), [announce, paper.questions.length]);

  const eliminator = paper.allowedTools.includes("eliminator");
  const flagged = paper.questions.map((q) => marks.flagged.includes(q.id));
  const blocks = useMemo(() => paperBlocks(paper), [paper]);
  const answered = paper.questions.map((q) => isAnswered(q, snap.answers[q.id]));
  const unanswered = answered.flatMap((done, i) => (done ? [] : [i + 1]));
  const unsaved = paper.questions.map((q) => !!snap.problems[q.id]);
  const sending = phase.kind === "sending";
  const openConfirm = () => setPhase({ kind: "confirm" });

  return (
    <ClipsProvider value={clips}>
    <ReadAloudProvider allowed={paper.allowedTools.includes("read_aloud") || attempt.accommodations.readAloud}>
    <div className="flex flex-col gap-6" data-testid="take-exam" data-attempt-id={attempt.id}>
      <header className="flex flex-col gap-3">
        <ExamChips subject={paper.subject} durationMinutes={paper.durationMinutes} questionCount={paper.questions.length} totalPoints={paper.totalPoints} />
        <h1 className="text-2xl leading-snug font-bold sm:text-3xl" data-testid="exam-title">
          <bdi>{title}</bdi>
        </h1>
        {description && (
          <p dir="auto" className="max-w-3xl text-start whitespace-pre-line text-muted-foreground" data-testid="exam-description">
            {description}
          </p>
        )}
      </header>

      <div
        // Sticky only where the screen is tall enough: at 400 % zoom (256 px tall) a stuck header and toolbar would
        // cover the whole paper and hide the focus under them (WCAG 1.4.10, 2.4.11).
        className="sticky top-[69px] z-30 -mx-4 [@media(max-height:30rem)]:static border-y border-border bg-card/95 px-4 py-2.5 shadow-xs backdrop-blur supports-[backdrop-filter]:bg-card/85 sm:mx-0 sm:rounded-2xl sm:border"
        data-testid="exam-toolbar"
      >
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {seconds !== null && <ExamTimer seconds={seconds} />}
          {extraMinutes > 0 && (
            <span className="rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-accent-foreground" data-testid="extra-time">
              {t("take.extraTime", { count: extraMinutes })}
            </span>
          )}
          <SaveStatus sync={snap} onRetry={() => sync.retryFailed()} className="me-auto" />
          <div role="group" aria-label={t("tools.label")} className="flex flex-wrap items-center gap-1" data-testid="take-tools">
            <Button variant="outline" size="icon" className="size-9" onClick={smaller} disabled={tools.textScale === TEXT_SCALES[0]} aria-label={t("tools.smaller")} title={t("tools.smaller")}>
              <AArrowDown aria-hidden="true" />
            </Button>
            <output aria-live="polite" aria-label={t("tools.textSize")} className="min-w-12 text-center text-xs font-semibold tabular-nums" data-testid="text-scale">
              {formatPercent(lang, tools.textScale)}
            </output>
            <Button variant="outline" size="icon" className="size-9" onClick={larger} disabled={tools.textScale === TEXT_SCALES.at(-1)} aria-label={t("tools.larger")} title={t("tools.larger")}>
              <AArrowUp aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={toggleContrast} aria-pressed={tools.contrast} data-testid="contrast-toggle" className="aria-pressed:border-primary aria-pressed:bg-accent">
              <Contrast aria-hidden="true" />
              {t("tools.contrast")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={toggleLineReader}
              aria-pressed={tools.lineReader}
              aria-describedby="line-reader-keys"
              title={t("tools.lineReaderKeys")}
              data-testid="line-reader-toggle"
              className="aria-pressed:border-primary aria-pressed:bg-accent"
            >
              <RectangleHorizontal aria-hidden="true" />
              {t("tools.lineReader")}
            </Button>
            <span id="line-reader-keys" className="sr-only">
              {t("tools.lineReaderKeys")}
            </span>
            {tools.lineReader && (
              <>
                <Button variant="outline" size="icon" className="size-9" onClick={shorter} disabled={tools.bandRem === LINE_READER_HEIGHTS[0]} aria-label={t("tools.bandShorter")} title={t("tools.bandShorter")} data-testid="band-shorter">
                  <Minus aria-hidden="true" />
                </Button>
                <Button variant="outline" size="icon" className="size-9" onClick={taller} disabled={tools.bandRem === LINE_READER_HEIGHTS.at(-1)} aria-label={t("tools.bandTaller")} title={t("tools.bandTaller")} data-testid="band-taller">
                  <Plus aria-hidden="true" />
                </Button>
              </>
            )}
          </div>
          <Button size="sm" onClick={openConfirm} disabled={sending} data-testid="submit-exam">
            <Send aria-hidden="true" className="rtl:-scale-x-100" />
            {t("submit.button")}
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start">
        <QuestionNavigator answered={answered} unsaved={unsaved} flagged={flagged} onGo={announcePosition} className="lg:sticky lg:top-44 lg:order-last" />
        <ol className="flex min-w-0 flex-col gap-4" aria-label={t("take.questionsList")}>
          {blocks.map((block) => {
            const cards = block.items.map(({ q, number }) => (
              <li key={q.id}>
                <QuestionCard
                  question={q}
                  number={number}
                  value={snap.answers[q.id]}
                  onChange={onChange}
                  disabled={sending}
                  problem={snap.problems[q.id]}
                  flagged={flagged[number - 1]}
                  struck={marks.struck[q.id]}
                  onToggleFlag={onToggleFlag}
                  onToggleStrike={eliminator ? onToggleStrike : undefined}
                />
              </li>
            ));
            if (!block.passage) return cards;
            const label = t("take.passage", { n: paper.passages.indexOf(block.passage) + 1 });
            return (
              // The passage beside its questions on a wide screen, above them on a phone.
              <li key={block.passage.id} className="grid gap-4 xl:grid-cols-2 xl:items-start" data-testid="passage-block">
                <PassagePanel
                  passage={block.passage}
                  lang={lang}
                  label={label}
                  toggleLabels={{ hide: t("take.hidePassage"), show: t("take.showPassage") }}
                  enlargeLabel={t("take.enlargeImage")}
                  clip={block.passage.audio && <PaperClip clip={block.passage.audio} lang={lang} />}
                  className="xl:sticky xl:top-44 xl:max-h-[calc(100dvh-12rem)]"
                />
                <ol className="flex min-w-0 flex-col gap-4" aria-label={t("take.passageQuestions", { name: label })}>
                  {cards}
                </ol>
              </li>
            );
          })}
        </ol>
      </div>

      <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-input-border bg-card p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{t("submit.footerHint")}</p>
        <Button onClick={openConfirm} disabled={sending} data-testid="submit-exam-bottom">
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {t("submit.button")}
        </Button>
      </div>

      <SubmitDialog
        phase={phase}
        answered={answered.length - unanswered.length}
        unanswered={unanswered}
        unsaved={unsaved.flatMap((u, i) => (u ? [i + 1] : []))}
        flagged={flagged.flatMap((f, i) => (f ? [i + 1] : []))}
        onReview={(n) => {
          setPhase({ kind: "idle" });
          // After the dialog has closed and given the focus back, to the question.
          setTimeout(() => {
            goToQuestion(n);
            announcePosition(n);
          }, 50);
        }}
        onCancel={() => setPhase({ kind: "idle" })}
        onConfirm={() => void submit(false)}
      />
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => !open && blocker.reset?.()}
        tone="default"
        title={t("take.leaveTitle")}
        description={t("take.leaveBody")}
        cancelLabel={t("take.stay")}
        confirmLabel={t("take.leave")}
        onConfirm={() => blocker.proceed?.()}
        testId="leave-dialog"
      />
      {tools.lineReader && <LineReader bandRem={tools.bandRem} />}
      {regions}
    </div>
    </ReadAloudProvider>
    </ClipsProvider>
  );
}

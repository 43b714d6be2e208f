import { useEffect } from "react";
import { failureToast } from "./use-exams-t";

/** SPEC §8 'Failed to fetch subjects.': said once per failure, wherever the subjects are needed. */
export function useSubjectsFailureToast(error: unknown) {
  useEffect(() => {
    if (error) failureToast(error, "toast.subjectsFailed");
  }, [error]);
}

import { useState } from "react";
import { messageForError } from "./apiErrors";

/** What `work` returns when the page is about to close or reload: the form stays in its loading state. */
export const KEEP_LOADING = "keep-loading";

/**
 * The state of an account form's request: whether a submit was attempted (field messages show
 * only after one), whether a request runs (another submit is ignored meanwhile), and the Spanish
 * message of its failure, by catalogue code.
 */
export function useSubmission(errorMessages: Record<string, string>) {
  const [attempted, setAttempted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(valid: boolean, work: () => Promise<void | typeof KEEP_LOADING>): Promise<void> {
    setAttempted(true);
    if (loading || !valid) return;
    setLoading(true);
    setError(null);
    try {
      if ((await work()) === KEEP_LOADING) return;
    } catch (failure) {
      setError(messageForError(failure, errorMessages));
    }
    setLoading(false);
  }

  return { attempted, loading, error, run };
}

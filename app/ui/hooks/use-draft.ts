// Unsaved edits kept in this browser, so nothing typed is lost to an expired session, a closed tab
// or a crash: the form offers them back. Kept per admin and form, all removed at logout, so another
// person signing in here never sees them.
import { useEffect, useRef, useState } from "react";

const draftPrefix = "admin-draft:";
/** The single draft key of earlier versions, removed with the others. */
const legacyDraftKey = "content-editor-draft";
const writeDelayMs = 400;

export type Draft<Sections> = {
  /** What the form edits: the content's sections, or an article's input. */
  sections: Sections;
  /** The content version the edits were made on. */
  version: number;
  savedAt: string;
};

function getDraftKey(email: string, form: string): string {
  return `${draftPrefix}${email}:${form}`;
}

function readDraft<Sections>(key: string): Draft<Sections> | undefined {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as Draft<Sections>) : undefined;
  } catch {
    return undefined;
  }
}

function writeDraft<Sections>(key: string, draft: Draft<Sections>) {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the beforeunload warning still guards the edits.
  }
}

function removeDraft(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** Removes every admin's drafts from this browser (at logout). */
export function clearAllDrafts(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) =>
      window.localStorage.key(index),
    );
    for (const key of keys) {
      if (key?.startsWith(draftPrefix) || key === legacyDraftKey) {
        window.localStorage.removeItem(key);
      }
    }
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

function isSame(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Offers a draft left from before (one that differs from the loaded content), and while the form
 * has unsaved changes keeps them as the draft; once everything is saved it is removed. Without a
 * known admin (the editor's browser-checked start) nothing is kept.
 */
export function useDraft<Sections>({
  email,
  form,
  sections,
  version,
  dirty,
  loadedSections,
}: {
  email: string | null;
  form: string;
  sections: Sections;
  version: number;
  dirty: boolean;
  loadedSections: Sections;
}) {
  const key = email ? getDraftKey(email, form) : undefined;
  const [offer, setOffer] = useState<Draft<Sections> | undefined>();
  const [checked, setChecked] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once, against what loaded first.
  useEffect(() => {
    if (!key) return;
    const draft = readDraft<Sections>(key);
    if (draft && !isSame(draft.sections, loadedSections)) setOffer(draft);
    else removeDraft(key);
    setChecked(true);
  }, [key]);

  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!key || !checked || offer) return;
    if (!dirty) {
      removeDraft(key);
      return;
    }
    timer.current = window.setTimeout(
      () => writeDraft(key, { sections, version, savedAt: new Date().toISOString() }),
      writeDelayMs,
    );
    return () => window.clearTimeout(timer.current);
  }, [key, checked, offer, dirty, sections, version]);

  return {
    offer,
    /** The draft's sections, now the form's to show; the offer is closed. */
    acceptOffer: () => {
      const accepted = offer;
      setOffer(undefined);
      return accepted;
    },
    declineOffer: () => {
      if (key) removeDraft(key);
      setOffer(undefined);
    },
    /**
     * Removes the draft at once, with a write still waiting: the edits were saved, and the screen
     * may move on (a new item to its own address) before it shows them saved.
     */
    clearDraft: () => {
      window.clearTimeout(timer.current);
      if (key) removeDraft(key);
    },
  };
}

// Unsaved edits kept in this browser while they are unsaved, so that nothing typed is lost to an
// expired session, a closed tab or a crash: the next time the editor opens it offers them back.
import { useEffect, useState } from "react";
import { type EditorSections, isSameContent } from "~/admin/editor-model";

const draftKey = "content-editor-draft";
const writeDelayMs = 400;

export type EditorDraft = {
  email: string | null;
  sections: EditorSections;
  /** The content version the edits were made on. */
  version: number;
  savedAt: string;
};

function readDraft(): EditorDraft | undefined {
  try {
    const text = window.localStorage.getItem(draftKey);
    return text ? (JSON.parse(text) as EditorDraft) : undefined;
  } catch {
    return undefined;
  }
}

function writeDraft(draft: EditorDraft) {
  try {
    window.localStorage.setItem(draftKey, JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the beforeunload warning still guards the edits.
  }
}

export function removeDraft() {
  try {
    window.localStorage.removeItem(draftKey);
  } catch {
    // Nothing stored.
  }
}

/**
 * Offers a draft left from before (one that differs from the loaded content), and while the
 * editor has unsaved changes keeps them as the draft; once everything is saved it is removed.
 */
export function useEditorDraft({
  email,
  sections,
  version,
  dirty,
  loadedSections,
}: {
  email: string | null;
  sections: EditorSections;
  version: number;
  dirty: boolean;
  loadedSections: EditorSections;
}) {
  const [offer, setOffer] = useState<EditorDraft | undefined>();
  const [checked, setChecked] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once, against what loaded first.
  useEffect(() => {
    const draft = readDraft();
    const usable =
      draft &&
      (draft.email === null || email === null || draft.email === email) &&
      !isSameContent(draft.sections, loadedSections);
    if (usable) setOffer(draft);
    else removeDraft();
    setChecked(true);
  }, []);

  useEffect(() => {
    if (!checked || offer) return;
    if (!dirty) {
      removeDraft();
      return;
    }
    const timer = window.setTimeout(
      () => writeDraft({ email, sections, version, savedAt: new Date().toISOString() }),
      writeDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [checked, offer, dirty, email, sections, version]);

  return {
    offer,
    /** The draft's sections, now the editor's to show; the offer is closed. */
    acceptOffer: () => {
      const accepted = offer;
      setOffer(undefined);
      return accepted;
    },
    declineOffer: () => {
      removeDraft();
      setOffer(undefined);
    },
  };
}

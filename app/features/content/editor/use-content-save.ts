// How the screens that edit the site content save it: validate, send the loaded version in
// If-Match, toast the outcome, show the 409 and 401 notices, bring the first invalid field into
// view, save on Ctrl+S. Shared by the content editor and the Content Manager.
import { useEffect, useRef, useState } from "react";
import { describeRequestError } from "~/capabilities/workspace/session-client";
import { ApiRequestError } from "~/platform/api-client";
import type { FieldErrors } from "~/platform/field-errors";
import { useSaveShortcut } from "~/ui/hooks/use-save-shortcut";
import { toast } from "~/ui/use-toast";
import { toFieldId } from "../../../capabilities/workspace/fields";
import { type LoadedSections, readSaveFieldErrors } from "./content-client";
import { isSameContent } from "./form-rules";

export type SaveProblem = "conflict" | "session-expired" | undefined;

export function useContentSave<Sections>({
  initial,
  validate,
  load,
  store,
  showField,
  describeField,
}: {
  initial: LoadedSections<Sections>;
  validate: (
    sections: Sections,
  ) => { ok: true; data: Sections } | { ok: false; errors: FieldErrors };
  load: () => Promise<LoadedSections<Sections>>;
  store: (sections: Sections, version: number) => Promise<LoadedSections<Sections>>;
  /** Brings the field into view (opens its tab) before it is focused. */
  showField: (path: string) => void;
  /** Where a field is, for the toast: "Services, Service 2". */
  describeField: (path: string) => string;
}) {
  const [sections, setSections] = useState<Sections>(initial.sections);
  const [saved, setSaved] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [problem, setProblem] = useState<SaveProblem>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const savingRef = useRef(false);
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;

  // After a validation error, the first invalid field is shown and focused (once its tab shows).
  const pendingFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    const path = pendingFocus.current;
    if (!path) return;
    pendingFocus.current = undefined;
    window.requestAnimationFrame(() => {
      const field = document.getElementById(toFieldId(path));
      field?.scrollIntoView({ block: "center" });
      field?.focus();
    });
  });

  const showFieldErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const [firstPath, firstMessage] = Object.entries(fieldErrors)[0] ?? [];
    if (!firstPath) return undefined;
    showField(firstPath);
    pendingFocus.current = firstPath;
    return `${describeField(firstPath)}: ${firstMessage}`;
  };

  const save = async (options: { overwrite?: boolean } = {}) => {
    if (savingRef.current) return;
    const sent = sectionsRef.current;
    const validation = validate(sent);
    if (!validation.ok) {
      toast({
        title: "Save Failed",
        description: showFieldErrors(validation.errors) ?? "Unable to save changes",
        variant: "destructive",
      });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      const version = options.overwrite ? (await load()).version : saved.version;
      const stored = await store(validation.data, version);
      setSaved(stored);
      // Show what was stored (trimmed, sanitized), unless the owner typed on meanwhile.
      if (isSameContent(sectionsRef.current, sent)) setSections(stored.sections);
      setErrors({});
      setProblem(undefined);
      toast({
        title: "Content Saved",
        description: "Your changes have been saved successfully.",
      });
    } catch (error) {
      let description = describeRequestError(error, "Unable to save changes");
      if (error instanceof ApiRequestError && error.status === 409) setProblem("conflict");
      if (error instanceof ApiRequestError && error.status === 401) setProblem("session-expired");
      const fieldErrors = readSaveFieldErrors(error);
      if (fieldErrors) description = showFieldErrors(fieldErrors) ?? description;
      toast({ title: "Save Failed", description, variant: "destructive" });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await load();
      setSaved(latest);
      setSections(latest.sections);
      setErrors({});
      setProblem(undefined);
    } catch (error) {
      toast({
        title: "Reload Failed",
        description: describeRequestError(error, "Unable to load the latest content"),
        variant: "destructive",
      });
    } finally {
      setReloading(false);
    }
  };

  return {
    sections,
    setSections,
    saved,
    saving,
    reloading,
    problem,
    errors,
    dirty: !isSameContent(sections, saved.sections),
    save,
    reload,
  };
}

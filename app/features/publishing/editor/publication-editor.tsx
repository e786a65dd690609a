// The editor of one article or case study: title and slug, its kind's fields, cover, body and the
// Publish card with its revisions. Saves send the version loaded (a 409 offers reload or overwrite)
// and answer the new state; drafts, the leave guard and Ctrl/Cmd+S work as on the content screens.

import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BlocksField } from "~/capabilities/blocks/blocks-field";
import { FieldTable, type RefOptions } from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { CoverImageField, type LibraryChoice } from "~/capabilities/media/cover-image-field";
import { RichTextField } from "~/capabilities/rich-text/editor/rich-text-field";
import { DraftNotice } from "~/capabilities/workspace/editor-notices";
import { TextField } from "~/capabilities/workspace/fields";
import { describeRequestError } from "~/capabilities/workspace/session-client";
import { useLeaveGuardRegistry } from "~/capabilities/workspace/shell/leave-guard";
import { Notice } from "~/capabilities/workspace/shell/notice";
import { useLeaveGuard } from "~/capabilities/workspace/shell/use-leave-guard";
import { StatusBadge } from "~/features/publishing/components/status-badge";
import { ApiRequestError } from "~/platform/api-client";
import { toFieldErrors } from "~/platform/field-errors";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { useDraft } from "~/ui/hooks/use-draft";
import { useSaveShortcut } from "~/ui/hooks/use-save-shortcut";
import { dismissToast, toast } from "~/ui/use-toast";
import {
  deletePublication,
  readFieldErrors,
  restoreRevision,
  type SaveAnswer,
  savePublication,
} from "../client";
import { kindTexts } from "../kind-texts";
import {
  articleInputSchema,
  caseStudyInputSchema,
  kindFields,
  type PublicationInput,
  type PublicationKind,
  type PublicationRevision,
  type PublicationStatus,
  pageInputSchema,
  proposeSlug,
  readGroup,
} from "../schema";
import { DeleteDescription, type LinksTo } from "./delete-description";
import { type EditorItem, type EditorMove, toEditorItem } from "./editor-item";
import { PublicationSeoPreview } from "./publication-seo-preview";
import { PublishFields } from "./publish-fields";
import { RevisionsCard } from "./revisions-card";
import { UnpublishFields } from "./unpublish-fields";

/** No records to choose from: only a page's blocks choose them, and only its route sends them. */
const noRefOptions: RefOptions = { services: [], "case-studies": [], articles: [] };

const schemas = {
  article: articleInputSchema,
  "case-study": caseStudyInputSchema,
  page: pageInputSchema,
};

export function PublicationEditor<K extends PublicationKind>({
  kind,
  item: loadedItem,
  groups: loadedGroups,
  library,
  revisions: loadedRevisions,
  adminEmail,
  refOptions,
  linkedFrom,
  editorKey,
}: {
  kind: K;
  /**
   * The key this editor is mounted under. A new item's move to its own address carries it, so the
   * same editor goes on there and nothing typed during the save or the move is lost.
   */
  editorKey: string;
  /** The places that link to this page, listed before it is deleted. */
  linkedFrom?: LinksTo | undefined;
  /** A page's choosers: the services, case studies and articles its blocks may show. */
  refOptions?: RefOptions | undefined;
  item: EditorItem<K>;
  groups: string[];
  library: LibraryChoice[];
  revisions: PublicationRevision[];
  /** Whose drafts this browser keeps. */
  adminEmail: string;
}) {
  const texts = kindTexts[kind];
  const navigate = useNavigate();
  // The item as last saved: from the page's loader, then from each save's (or restore's) answer.
  const [item, setItem] = useState(loadedItem);
  const [revisions, setRevisions] = useState(loadedRevisions);
  const [groups, setGroups] = useState(loadedGroups);
  const [input, setInput] = useState(item.input);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  // A new item's slug follows its title until the slug is edited by hand.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!item.id);
  const dirty = JSON.stringify(input) !== JSON.stringify(item.input);
  useLeaveGuard(dirty);
  const draft = useDraft({
    email: adminEmail,
    form: `${kind}:${item.id ?? "new"}`,
    sections: input,
    version: item.version ?? 0,
    dirty,
    loadedSections: item.input,
  });
  // A "Not Saved" toast speaks of the fields marked: once none is left, it goes.
  const fieldsToast = useRef<number | undefined>(undefined);
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (hasErrors || fieldsToast.current === undefined) return;
    dismissToast(fieldsToast.current);
    fieldsToast.current = undefined;
  }, [hasErrors]);
  const leaveGuard = useLeaveGuardRegistry();
  // A deliberate departure (after a save or delete) must not ask "leave without saving?".
  const leaveTo = (path: string, state?: EditorMove) => {
    leaveGuard.leaving.current = true;
    void Promise.resolve(navigate(path, { replace: true, state })).finally(() => {
      leaveGuard.leaving.current = false;
    });
  };

  const update = (patch: Partial<PublicationInput[K]>) => {
    setInput((current) => {
      const next = { ...current, ...patch };
      // Not while a new item's first save runs: the address it is being saved at stays its own.
      if (slugFollowsTitle && !busy && patch.title !== undefined) {
        next.slug = proposeSlug(patch.title);
      }
      return next;
    });
    setErrors((current) => {
      const keys = Object.keys(patch);
      return Object.fromEntries(
        Object.entries(current).filter(
          ([key]) => !keys.some((k) => key === k || key.startsWith(`${k}.`)),
        ),
      );
    });
  };

  const showErrors = (fieldErrors: Record<string, string>) => {
    setErrors(fieldErrors);
    const first = Object.keys(fieldErrors)[0];
    if (first) document.getElementById(`field-${first.replace(/[^\w-]/g, "-")}`)?.focus();
    return Boolean(first);
  };

  /**
   * The stored item becomes the editor's: what the server kept (trimmed, computed) is shown, unless
   * the form changed since `sent` went: then what was typed meanwhile stays, still unsaved.
   */
  const takeSaved = (answer: SaveAnswer<K>, sent?: PublicationInput[K]) => {
    const next = toEditorItem(kind, answer.item);
    // The tab's title comes from the loader, which a save no longer runs: follow a new title.
    if (item.id && next.input.title !== item.input.title) {
      document.title = document.title.replace(
        `Edit: ${item.input.title}`,
        `Edit: ${next.input.title}`,
      );
    }
    setItem(next);
    setInput((current) =>
      sent === undefined || JSON.stringify(current) === JSON.stringify(sent) ? next.input : current,
    );
    setErrors({});
    setRevisions(answer.revisions);
    const group = readGroup(kind, answer.item.record);
    setGroups((current) =>
      group && !current.includes(group)
        ? [...current, group].sort((a, b) => a.localeCompare(b))
        : current,
    );
  };

  const save = async (overwrite = false) => {
    if (busy) return;
    const checked = schemas[kind].safeParse(input);
    if (!checked.success) {
      showErrors(toFieldErrors(checked.error.issues));
      fieldsToast.current = toast({
        title: "Not Saved",
        description: "Please correct the highlighted fields.",
        variant: "destructive",
      });
      return;
    }
    setBusy(true);
    const sent = input;
    try {
      const answer = await savePublication(
        kind,
        item.id,
        sent,
        overwrite ? undefined : item.version,
      );
      const saved = answer.item;
      draft.clearDraft();
      setConflict(false);
      toast({
        title: "Saved",
        description:
          saved.status === "scheduled"
            ? `Scheduled: it appears on the site by itself at its time.`
            : saved.status === "published"
              ? "Published: visitors see it now."
              : "Saved as a draft: only admins can see it.",
      });
      takeSaved(answer, sent);
      if (saved.record.id !== item.id) {
        setSlugFollowsTitle(false);
        leaveTo(texts.adminItemPath(saved.record.id), { editorKey });
      }
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 409) {
        setConflict(true);
      } else {
        const marked = showErrors(readFieldErrors(failure));
        const shown = toast({
          title: "Save Failed",
          description: describeRequestError(failure, "Unable to save changes"),
          variant: "destructive",
        });
        if (marked) fieldsToast.current = shown;
      }
    } finally {
      setBusy(false);
    }
  };

  useSaveShortcut(() => void save());

  const remove = async () => {
    if (!item.id || item.version === undefined) return;
    setBusy(true);
    try {
      await deletePublication(kind, item.id, item.version);
      toast({ title: "Deleted", description: `"${input.title}" was deleted.` });
      leaveTo(texts.adminPath);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 409) setConflict(true);
      toast({
        title: "Delete Failed",
        description: describeRequestError(failure, "Unable to delete"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  const restore = async (revisionId: number) => {
    if (!item.id) return;
    setBusy(true);
    try {
      takeSaved(await restoreRevision(kind, item.id, revisionId, item.version));
      toast({ title: "Restored", description: "That revision's text is now the current version." });
    } catch (failure) {
      toast({
        title: "Restore Failed",
        description: describeRequestError(failure, "Unable to restore"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  const publicPath = texts.publicPath(item.id ?? input.slug);
  const slugChanged = Boolean(item.id && input.slug !== item.id);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
    >
      <div className="grid min-w-0 grid-cols-1 gap-6">
        {draft.offer ? (
          <DraftNotice
            savedAt={draft.offer.savedAt}
            outdated={draft.offer.version !== (item.version ?? 0)}
            savedSince={`This ${texts.singular.toLowerCase()} has`}
            onRestore={() => {
              const accepted = draft.acceptOffer()?.sections;
              if (!accepted) return;
              setInput(accepted);
              setErrors({});
              // A new item's slug keeps following its title if the draft's still did.
              setSlugFollowsTitle(!item.id && accepted.slug === proposeSlug(accepted.title));
            }}
            onDiscard={draft.declineOffer}
          />
        ) : null}
        {conflict ? (
          <Notice
            tone="warning"
            title={`Someone else saved this ${texts.singular.toLowerCase()} since you opened it`}
            actions={
              <>
                <Button
                  type="button"
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    leaveGuard.leaving.current = true;
                    window.location.reload();
                  }}
                >
                  Reload latest version
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => save(true)}
                >
                  Save my version anyway
                </Button>
              </>
            }
          >
            Your changes were not saved and are still shown below. Reload to get the latest version
            (your unsaved changes are then lost), or save your version over it.
          </Notice>
        ) : null}
        <Card>
          <CardContent className="grid grid-cols-1 gap-5 pt-6">
            <TextField
              path="title"
              label="Title"
              error={errors.title}
              value={input.title}
              onValueChange={(title) => update({ title } as Partial<PublicationInput[K]>)}
            />
            <TextField
              path="slug"
              label="URL slug"
              hint={
                slugChanged && item.status === "published"
                  ? `The page moves to ${texts.publicPrefix}${input.slug || "..."}; the old address ${texts.publicPrefix}${item.id} will redirect there.`
                  : `The page's address: ${texts.publicPrefix}${input.slug || "..."}. Lowercase letters, digits and hyphens${kind === "page" ? "; one / for an address one level deeper (campaigns/spring-offer)" : ""}.`
              }
              error={errors.slug}
              value={input.slug}
              onValueChange={(slug) => {
                setSlugFollowsTitle(false);
                update({ slug } as Partial<PublicationInput[K]>);
              }}
            />
            <FieldTable
              fields={kindFields[kind]}
              values={input as FieldValues}
              context={{ errors, library, refOptions: refOptions ?? noRefOptions, groups }}
              onChange={(patch) => update(patch as Partial<PublicationInput[K]>)}
            />
          </CardContent>
        </Card>
        {"blocks" in input ? (
          <Card>
            <CardContent className="pt-6">
              <BlocksField
                blocks={input.blocks}
                errors={errors}
                library={library}
                refOptions={refOptions ?? noRefOptions}
                onChange={(blocks) =>
                  update({ blocks } as FieldValues as Partial<PublicationInput[K]>)
                }
              />
            </CardContent>
          </Card>
        ) : (
          <>
            <Card>
              <CardContent className="pt-6">
                <CoverImageField
                  imageUrl={input.imageUrl}
                  imageAlt={input.imageAlt}
                  library={library}
                  errors={errors}
                  onChange={(patch) => update(patch as Partial<PublicationInput[K]>)}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-6">
                <RichTextField
                  path="body"
                  label={texts.bodyLabel}
                  error={errors.body}
                  value={input.body}
                  onValueChange={(body) =>
                    update({ body } as FieldValues as Partial<PublicationInput[K]>)
                  }
                />
              </CardContent>
            </Card>
          </>
        )}
        <Card>
          <CardHeader className="pb-2">
            <h2 className="text-lg font-semibold leading-tight text-navy">Search and sharing</h2>
          </CardHeader>
          <CardContent className="grid gap-5">
            <PublicationSeoPreview
              kind={kind}
              input={input}
              savedId={item.id}
              version={item.version}
              errors={errors}
              onChange={(patch) => update(patch as Partial<PublicationInput[K]>)}
            />
          </CardContent>
        </Card>
      </div>

      <div className="grid min-w-0 grid-cols-1 gap-6 lg:sticky lg:top-6">
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
            <h2 className="text-lg font-semibold leading-tight text-navy">Publish</h2>
            {item.id ? <StatusBadge status={item.status} /> : null}
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            <PublishFields
              status={input.status}
              publishAt={input.publishAt}
              wasPublished={item.status === "published"}
              error={errors.publishAt}
              onChange={(patch) => update(patch as Partial<PublicationInput[K]>)}
            />
            {kind === "page" ? (
              <UnpublishFields
                unpublishAt={(input as PublicationInput["page"]).unpublishAt ?? ""}
                unpublishTo={(input as PublicationInput["page"]).unpublishTo ?? ""}
                errors={errors}
                onChange={(patch) => update(patch as Partial<PublicationInput[K]>)}
              />
            ) : null}
            {input.status === "draft" ? (
              <p className="text-xs text-muted-foreground">
                A draft needs only a title; publishing or scheduling asks for the rest.
              </p>
            ) : null}
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : saveLabel(input.status, item.status)}
            </Button>
            {item.id ? (
              <Button asChild variant="outline">
                <a href={publicPath} target="_blank" rel="noreferrer">
                  {item.status === "published" ? "View on the site" : "Preview"}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : null}
            {dirty ? (
              <p className="text-xs text-muted-foreground">
                You have unsaved changes{item.id ? ": preview shows the last saved version" : ""}.
              </p>
            ) : null}
            {item.id ? (
              <ConfirmDialog
                trigger={
                  <Button
                    type="button"
                    variant="ghost"
                    className="text-destructive"
                    disabled={busy}
                  >
                    Delete {texts.singular.toLowerCase()}
                  </Button>
                }
                title={`Delete this ${texts.singular.toLowerCase()}?`}
                description={
                  <DeleteDescription
                    title={input.title}
                    address={texts.publicPath(item.id)}
                    links={linkedFrom}
                  />
                }
                confirmLabel="Delete"
                onConfirm={remove}
                busy={busy}
              />
            ) : null}
          </CardContent>
        </Card>
        {item.id ? <RevisionsCard revisions={revisions} busy={busy} onRestore={restore} /> : null}
      </div>

      {/* On a phone the Publish card is far below the text: the save stays within thumb's reach. */}
      <div className="sticky bottom-0 z-20 -mx-4 flex items-center justify-between gap-3 border-t border-border bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden">
        <span className="text-sm text-muted-foreground">
          {dirty ? "Unsaved changes" : "All changes saved"}
        </span>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? "Saving..." : saveLabel(input.status, item.status)}
        </Button>
      </div>
    </form>
  );
}

function saveLabel(wanted: PublicationStatus, stored: PublicationStatus): string {
  if (wanted === stored && wanted !== "draft") return "Save Changes";
  return { draft: "Save Draft", scheduled: "Schedule", published: "Publish" }[wanted];
}

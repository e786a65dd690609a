// The rich-text editor's link dialog (no prompt()): an address typed in, or a page of this site
// found by its title. Links within the site stay in the tab and are followed; another site's link
// may open in a new tab and be nofollow, both off unless chosen.
import { useEffect, useId, useState } from "react";
import { isInternalLinkHref } from "~/capabilities/rich-text/rich-text";
import { getJson } from "~/platform/admin-api-client";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/ui/dialog";
import { SearchInput } from "~/ui/search-input";
import { TextField } from "../../workspace/fields";
import { type RichTextLink, richTextLinkSchema, toLinkHref } from "./insert-rules";

/** A page of the site as the search answers it; kind and id name it for stored links. */
export type LinkTarget = { title: string; path: string; group: string; kind: string; id: string };

export type LinkDialogValue = { href: string; newTab: boolean; nofollow: boolean };

/** The site's pages matching a search, a moment after typing stops; total counts every match. */
function useLinkTargets(query: string) {
  const [targets, setTargets] = useState<LinkTarget[]>();
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      getJson<{ targets: LinkTarget[]; total?: number }>(
        `/api/admin/link-targets?q=${encodeURIComponent(query.trim())}`,
      )
        .then((answer) => {
          if (!current) return;
          setTargets(answer?.targets ?? []);
          setTotal(answer?.total ?? answer?.targets.length ?? 0);
          setFailed(false);
        })
        .catch(() => {
          if (current) setFailed(true);
        });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  return { targets, total, failed };
}

/** What the list holds: "3 pages found", or, when cut short, how to find the rest. */
function describeFound(shown: number, total: number): string {
  if (total > shown)
    return `${shown} of ${total} pages shown. Type words of a title to find the others.`;
  return `${shown === 1 ? "1 page" : `${shown} pages`} found. Choose one to link to it.`;
}

export function PageSearch({
  onChoose,
  label = "Or find a page of this site",
}: {
  onChoose: (target: LinkTarget) => void;
  label?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const { targets, total, failed } = useLinkTargets(query);
  const found = targets !== undefined && targets.length > 0;
  return (
    <div className="grid gap-2">
      <label htmlFor={`${id}-search`} className="text-sm font-medium">
        {label}
      </label>
      <SearchInput
        id={`${id}-search`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Title of a page, article or case study"
        aria-describedby={`${id}-count`}
        className="h-9"
      />
      {/* One panel of one height whether the pages are loading, found or not: the buttons below
          never move under a pointer on its way to them. */}
      <div className="flex h-56 flex-col overflow-hidden rounded-lg border border-border bg-slate-50">
        <p
          id={`${id}-count`}
          aria-live="polite"
          className={cn(
            "px-3 text-xs text-muted-foreground",
            found ? "border-b border-border py-1.5" : "grid flex-1 place-items-center text-center",
          )}
        >
          {failed
            ? "The pages could not be loaded. Type an address instead."
            : targets === undefined
              ? "Loading pages..."
              : targets.length === 0
                ? "No page matches."
                : describeFound(targets.length, total)}
        </p>
        {found ? (
          <ul
            aria-label="Pages of this site"
            className="grid flex-1 content-start gap-1 overflow-y-auto p-1.5"
          >
            {targets.map((target) => (
              <li key={target.path}>
                <button
                  type="button"
                  onClick={() => onChoose(target)}
                  className="grid w-full min-w-0 rounded px-2 py-1.5 text-left text-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="font-medium break-words text-navy">{target.title}</span>
                  <span className="text-xs break-all text-slate-600">
                    {target.group} · {target.path}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function LinkForm({
  initial,
  askText,
  onDone,
  onRemove,
}: {
  initial: LinkDialogValue | undefined;
  askText: boolean;
  onDone: (link: RichTextLink) => void;
  onRemove: (() => void) | undefined;
}) {
  const [href, setHref] = useState(initial?.href ?? "");
  const [text, setText] = useState("");
  const [newTab, setNewTab] = useState(initial?.newTab ?? false);
  const [nofollow, setNofollow] = useState(initial?.nofollow ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const normalized = toLinkHref(href, window.location.origin);
  const external = normalized !== "" && !isInternalLinkHref(normalized);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    // The dialog sits inside the editor's form: its submit must not save the page.
    event.preventDefault();
    event.stopPropagation();
    const parsed = richTextLinkSchema.safeParse({
      href: normalized,
      text: text.trim(),
      newTab: external && newTab,
      nofollow: external && nofollow,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    onDone(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        path="rich-text-link.href"
        label="Address (URL)"
        hint="A web address, an email, a phone number, or a page of this site such as /contact."
        error={errors.href}
        value={href}
        inputMode="url"
        autoComplete="off"
        onValueChange={(value) => {
          setHref(value);
          setErrors(({ href: _dropped, ...rest }) => rest);
        }}
      />
      <PageSearch
        onChoose={(target) => {
          setHref(target.path);
          setErrors({});
          if (askText && !text.trim()) setText(target.title);
        }}
      />
      {askText ? (
        <TextField
          path="rich-text-link.text"
          label="Link text"
          hint="The words readers click. Left empty, the address or page title is shown."
          value={text}
          onValueChange={setText}
        />
      ) : null}
      {external ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">Link to another site</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={newTab}
              onChange={(event) => setNewTab(event.target.checked)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>Open in a new tab</span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={nofollow}
              onChange={(event) => setNofollow(event.target.checked)}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>nofollow (search engines do not follow it, as for paid or untrusted links)</span>
          </label>
        </fieldset>
      ) : normalized ? (
        <p className="text-xs text-muted-foreground">
          A page of this site: it opens in the same tab.
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onRemove ? (
          <Button type="button" variant="ghost" className="sm:mr-auto" onClick={onRemove}>
            Remove link
          </Button>
        ) : null}
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit">{initial ? "Update link" : "Insert link"}</Button>
      </div>
    </form>
  );
}

export function LinkDialog({
  open,
  onOpenChange,
  initial,
  askText,
  onDone,
  onRemove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link at the selection, when changing one. */
  initial: LinkDialogValue | undefined;
  /** Nothing is selected: the link's words are asked for (else the address is shown). */
  askText: boolean;
  onDone: (link: RichTextLink) => void;
  onRemove: (() => void) | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{initial ? "Edit link" : "Insert a link"}</DialogTitle>
        <DialogDescription>
          Type an address, or search the site's pages, articles and case studies.
        </DialogDescription>
        {open ? (
          <LinkForm initial={initial} askText={askText} onDone={onDone} onRemove={onRemove} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

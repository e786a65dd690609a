// The fields of one menu link on the Navigation screen: its text, and its target, a page of the
// site found with the link dialog's search or an address outside it. A link whose page is gone
// or not published is flagged: the public menus leave it out until it is fixed.
import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { PageSearch } from "~/capabilities/rich-text/editor/link-dialog";
import { TextField, toFieldId } from "~/capabilities/workspace/fields";
import { type NavLink, type NavTarget, toPageRefKey } from "~/features/content/navigation";
import type { FieldErrors } from "~/platform/field-errors";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import type { PageTitles } from "./navigation-admin.server";

/** What the link fields need to know of the site's pages, and to learn of a page just chosen. */
export type TargetFacts = {
  titles: PageTitles;
  missing: ReadonlySet<string>;
  onChosen: (key: string, page: { title: string; path: string }) => void;
};

const emptyPage: NavTarget = { type: "page", kind: "", id: "" };

export function TargetField({
  path,
  target,
  onChange,
  errors,
  facts,
}: {
  path: string;
  target: NavTarget;
  onChange: (target: NavTarget) => void;
  errors: FieldErrors;
  facts: TargetFacts;
}) {
  const [searching, setSearching] = useState(target.type === "page" && !target.id);
  const pageError = errors[`${path}.id`] ?? errors[`${path}.kind`] ?? errors[path];
  const mode = target.type;
  const choose = (next: NavTarget["type"]) => {
    if (next === mode) return;
    onChange(next === "url" ? { type: "url", url: "" } : emptyPage);
    setSearching(next === "page");
  };
  const key = target.type === "page" ? toPageRefKey(target) : "";
  const page = facts.titles[key];
  const missing = target.type === "page" && target.id !== "" && facts.missing.has(key);

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">Goes to</legend>
      <div className="flex flex-wrap gap-2">
        {(["page", "url"] as const).map((option) => (
          <Button
            key={option}
            type="button"
            size="sm"
            variant={mode === option ? "default" : "outline"}
            aria-pressed={mode === option}
            onClick={() => choose(option)}
          >
            {option === "page" ? "A page of this site" : "A web address"}
          </Button>
        ))}
      </div>
      {target.type === "url" ? (
        <TextField
          path={`${path}.url`}
          label="Web address"
          hint="https://..., http://... or mailto:name@example.com"
          value={target.url}
          error={errors[`${path}.url`]}
          onValueChange={(url) => onChange({ type: "url", url })}
          inputMode="url"
        />
      ) : (
        <div className="grid min-w-0 gap-2">
          {target.id ? (
            <div
              id={toFieldId(`${path}.id`)}
              tabIndex={-1}
              className={cn(
                "flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm",
                missing ? "border-amber-400 bg-amber-50" : "border-border bg-slate-50",
              )}
            >
              {missing ? (
                <span className="flex min-w-0 items-start gap-2 font-medium text-amber-900">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span className="break-words">
                    Not shown: the page it names ({target.kind} “{target.id}”) was deleted or is not
                    published. Choose another page or remove this link.
                  </span>
                </span>
              ) : (
                <span className="min-w-0 break-words">
                  <span className="font-medium text-navy">{page?.title ?? target.id}</span>{" "}
                  <span className="break-all text-slate-600">{page?.path ?? ""}</span>
                </span>
              )}
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="ml-auto"
                aria-expanded={searching}
                onClick={() => setSearching((open) => !open)}
              >
                {searching ? "Close search" : "Change page"}
              </Button>
            </div>
          ) : null}
          {searching || !target.id ? (
            <div
              id={target.id ? undefined : toFieldId(`${path}.id`)}
              tabIndex={-1}
              className="min-w-0"
            >
              <PageSearch
                label="Find a page of this site"
                onChoose={(chosen) => {
                  facts.onChosen(toPageRefKey(chosen), { title: chosen.title, path: chosen.path });
                  onChange({ type: "page", kind: chosen.kind, id: chosen.id });
                  setSearching(false);
                }}
              />
            </div>
          ) : null}
          {pageError ? <p className="text-sm font-medium text-destructive">{pageError}</p> : null}
        </div>
      )}
    </fieldset>
  );
}

export function LinkFields({
  path,
  link,
  onChange,
  errors,
  facts,
  labelName = "Link text",
}: {
  path: string;
  link: NavLink;
  onChange: (link: NavLink) => void;
  errors: FieldErrors;
  facts: TargetFacts;
  labelName?: string;
}) {
  return (
    <div className="grid min-w-0 items-start gap-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:gap-6">
      <TextField
        path={`${path}.label`}
        label={labelName}
        value={link.label}
        error={errors[`${path}.label`]}
        onValueChange={(label) => onChange({ ...link, label })}
      />
      <TargetField
        path={`${path}.target`}
        target={link.target}
        onChange={(target) => onChange({ ...link, target })}
        errors={errors}
        facts={facts}
      />
    </div>
  );
}

// The inbox's folders (each with its count) and its search: plain links and a GET form, so the
// folder and the query live in the address, work without JavaScript and survive a reload.
import { Search, X } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Label } from "~/ui/label";
import { SearchInput } from "~/ui/search-input";

export type Folder = "new" | "handled" | "spam" | "all";

export const folderLabels: Record<Folder, string> = {
  new: "New",
  handled: "Handled",
  spam: "Spam",
  all: "All",
};
const folderOrder: Folder[] = ["new", "handled", "spam", "all"];

/** The inbox's address for a folder, search and page; defaults are left out. */
export function getInboxHref({ folder, q, page }: { folder: Folder; q: string; page?: number }) {
  const params = new URLSearchParams();
  if (folder !== "new") params.set("folder", folder);
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/leads?${query}` : "/admin/leads";
}

export function InboxToolbar({
  folder,
  q,
  counts,
}: {
  folder: Folder;
  q: string;
  counts: Record<Folder, number>;
}) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label="Folders">
        <ul className="grid grid-cols-2 gap-1 rounded-lg bg-slate-200/70 p-1 sm:inline-flex">
          {folderOrder.map((each) => {
            const current = each === folder;
            return (
              <li key={each}>
                <Link
                  to={getInboxHref({ folder: each, q })}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold outline-offset-2 transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                    current ? "bg-white text-navy shadow-sm" : "text-slate-700 hover:text-navy",
                  )}
                >
                  {folderLabels[each]}
                  <span
                    className={cn(
                      "min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums",
                      current ? "bg-navy text-white" : "bg-white/80 text-slate-700",
                    )}
                  >
                    {counts[each]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form
        method="get"
        action="/admin/leads"
        role="search"
        className="flex flex-wrap items-end gap-2"
      >
        {folder !== "new" ? <input type="hidden" name="folder" value={folder} /> : null}
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5 lg:w-80">
          <Label htmlFor="inbox-search">Search messages</Label>
          <SearchInput
            id="inbox-search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder="Name, email, company or text"
            maxLength={200}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Search
        </Button>
        {q ? (
          <Button asChild variant="ghost">
            <Link to={getInboxHref({ folder, q: "" })}>
              <X aria-hidden="true" />
              Clear search
            </Link>
          </Button>
        ) : null}
      </Form>
    </div>
  );
}

// The blog's search box and category badges. Both live in the URL query: without JavaScript the
// search is a GET form and the badges are links; with it, typing updates the URL (replacing the
// history entry) after a short pause.
import { Search } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { type BlogQuery, buildBlogSearch } from "~/features/publishing/blog-filter";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Input } from "~/ui/input";

const typingPauseMs = 300;

export function BlogFilters({
  query,
  categories,
  placeholder,
}: {
  query: Pick<BlogQuery, "q" | "category">;
  categories: readonly string[];
  /** The search box's placeholder, from the content. */
  placeholder: string;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(query.q);
  // The search text this box last put in the URL: a URL change from elsewhere (Reset Filters,
  // back button) resets the box, the box's own (possibly late) change does not.
  const sent = useRef(query.q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (query.q !== sent.current) {
      sent.current = query.q;
      setText(query.q);
    }
  }, [query.q]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function showResults(searchText: string) {
    clearTimeout(timer.current);
    sent.current = searchText.trim();
    navigate(`/blog${buildBlogSearch({ q: sent.current, category: query.category })}`, {
      replace: true,
      preventScrollReset: true,
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showResults(text);
  }

  function handleChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => showResults(value), typingPauseMs);
  }

  return (
    <div className="space-y-5">
      <search aria-label="Articles">
        <form method="get" action="/blog" onSubmit={handleSubmit} className="flex max-w-xl gap-2">
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id="blog-search"
              type="search"
              name="q"
              value={text}
              onChange={(event) => handleChange(event.currentTarget.value)}
              placeholder={placeholder}
              maxLength={100}
              autoComplete="off"
              className="h-11 bg-white pl-9"
            />
          </div>
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <Button type="submit" className="h-11">
            Search
          </Button>
        </form>
      </search>
      <nav aria-label="Categories">
        <ul className="flex flex-wrap gap-2">
          {["", ...categories].map((category) => {
            const selected = category === query.category;
            return (
              <li key={category || "all"}>
                <Link
                  to={`/blog${buildBlogSearch({ q: text.trim(), category })}`}
                  preventScrollReset
                  onClick={() => clearTimeout(timer.current)}
                  aria-current={selected ? "true" : undefined}
                  className={cn(
                    "inline-flex items-center rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors",
                    selected
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border bg-white text-slate-700 hover:border-primary hover:text-primary",
                  )}
                >
                  {category || "All"}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

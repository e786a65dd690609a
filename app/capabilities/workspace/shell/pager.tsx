// Newer and older pages of a long admin list (messages, activity), with where the reader is.
import { Link } from "react-router";

export function Pager({
  label,
  page,
  pageCount,
  hrefOf,
  newerText,
  olderText,
  hasOlder,
}: {
  /** The navigation's accessible name, such as "Message pages". */
  label: string;
  page: number;
  /** Unknown when the list is read a page at a time. */
  pageCount?: number;
  hrefOf: (page: number) => string;
  newerText: string;
  olderText: string;
  hasOlder: boolean;
}) {
  if (page <= 1 && !hasOlder) return null;
  const linkClass = "font-semibold text-primary hover:underline";
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={linkClass}>
          {newerText}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page}
        {pageCount ? ` of ${pageCount}` : ""}
      </span>
      {hasOlder ? (
        <Link to={hrefOf(page + 1)} className={linkClass}>
          {olderText}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

// A card's link to its article or case study: the content's words ("Read More") then the title,
// hidden visually, so the link names where it goes to screen readers and to search engines alike.
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

export function ReadMoreLink({
  to,
  text,
  title,
  className,
}: {
  to: string;
  /** The visible words, from the content. */
  text: string;
  /** What the link leads to: in its text too, as crawlers read text, not aria-label. */
  title: string;
  className: string;
}) {
  return (
    // aria-label keeps the spoken name free of the space the hidden span's box adds.
    <Link to={to} aria-label={`${text}: ${title}`} className={className}>
      {text}
      <span className="sr-only">: {title}</span>
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}
